/** Bytes as lower-case hex. */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The SHA-256 digest of a text as hex, cut to its first `bytes` bytes when asked (a shorter, salted key). */
export async function sha256Hex(text: string, bytes = 32): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest).slice(0, bytes));
}

/** `bytes` random bytes as hex. */
export function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** HMAC-SHA-256 of a text under a text secret: the raw 32-byte tag. */
export async function hmacSha256(secret: string, text: string): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}
