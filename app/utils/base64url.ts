// base64url (RFC 4648 §5) without padding, as JWTs, PKCE and our random tokens use it.

export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Decodes base64url (padded or not) to a binary string, e.g. a JWT segment before JSON.parse. */
export function decodeBase64url(text: string): string {
  return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
}

/** `bytes` random bytes, base64url: 16 bytes are 128 bits. */
export function randomBase64url(bytes = 16): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}
