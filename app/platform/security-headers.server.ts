export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonced Remix entry load its route chunks; 'self' is the fallback
    // for browsers without strict-dynamic support.
    // The Cloudflare Turnstile host is for the sign-in captcha (its nonced script, and the
    // challenge frame it adds); the host in script-src serves browsers without strict-dynamic.
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https://challenges.cloudflare.com`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // 'self': the admin outbox shows an email's HTML part in a sandboxed frame (SANDBOXED_DOCUMENT_CSP).
    "frame-src https://challenges.cloudflare.com 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/**
 * The policy of a document shown in a sandboxed frame of our own pages (an email's HTML part in the
 * admin outbox): no scripts, plugins, forms or requests except our own images and its inline
 * styles, an opaque origin (`sandbox`), and framing by this site only. A response that carries
 * exactly this policy keeps it, with X-Frame-Options SAMEORIGIN; any other gets the site's policy.
 */
export const SANDBOXED_DOCUMENT_CSP = [
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'unsafe-inline'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "sandbox",
].join("; ");

// Static files get the same baseline from public/_headers; keep the two in step.
export const BASELINE_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(self), microphone=(self), geolocation=(), payment=(self), usb=(), interest-cohort=()",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export function applySecurityHeaders(response: Response, nonce: string): Response {
  const secured = new Response(response.body, response);
  const sandboxed = response.headers.get("Content-Security-Policy") === SANDBOXED_DOCUMENT_CSP;
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) secured.headers.set(name, value);
  secured.headers.set("Content-Security-Policy", sandboxed ? SANDBOXED_DOCUMENT_CSP : contentSecurityPolicy(nonce));
  if (sandboxed) secured.headers.set("X-Frame-Options", "SAMEORIGIN");
  return secured;
}
