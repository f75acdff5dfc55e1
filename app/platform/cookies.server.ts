import type { Cookie } from "@remix-run/cloudflare";

/**
 * A signed cookie's value, or null when it is missing, unsigned or tampered with. A forged value
 * (e.g. a signature that is not base64) makes Remix's parser throw; to us it is simply no cookie.
 */
export async function readSignedCookie(cookie: Cookie, request: Request): Promise<unknown> {
  try {
    return await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
}
