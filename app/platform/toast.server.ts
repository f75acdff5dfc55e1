import { createCookie, redirect } from "@remix-run/cloudflare";
import { readSignedCookie } from "./cookies.server";
import * as z from "zod";

export const ToastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  title: z.string().min(1),
  description: z.string().optional(),
  variant: z.enum(["default", "success", "destructive"]).default("default"),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

function toastCookie(secret: string) {
  return createCookie("__Host-toast", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secrets: [secret],
  });
}

/** Redirects and carries a toast to the next page, where the root loader shows it once. */
export async function redirectWithToast(url: string, toast: ToastInput, secret: string, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(secret).serialize(ToastSchema.parse(toast)));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function readToast(request: Request, secret: string) {
  const cookie = toastCookie(secret);
  const raw = await readSignedCookie(cookie, request);
  const parsed = ToastSchema.safeParse(raw);
  if (!parsed.success) return { toast: null, headers: undefined };
  return {
    toast: parsed.data,
    headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) },
  };
}
