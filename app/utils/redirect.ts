// Stands for this site while a redirect target is parsed: whatever keeps this origin is a path here.
const OWN_ORIGIN = "https://own-site.invalid";
const MAX_REDIRECT_LENGTH = 2048;

/**
 * A safe place to return to after sign-in: a path on this site, never another origin. The value is
 * parsed as a browser parses a Location header (which drops tabs and newlines and reads "\" as
 * "/"), and what comes back is that parsed path, query and fragment, so the browser follows
 * exactly what was checked. Control characters, backslashes, anything that is not a path, and a
 * path that would read as "//host" all give the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/profile"): string {
  if (typeof to !== "string" || to.length > MAX_REDIRECT_LENGTH || !to.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, `${OWN_ORIGIN}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN || url.protocol !== "https:" || url.username || url.password) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // "/.//host" parses to the path "//host": sent on as it is, a browser would read it as another site.
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  return target;
}
