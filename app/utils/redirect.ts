/** A safe place to return to after sign-in: a path on this site, never another origin. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/profile"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
