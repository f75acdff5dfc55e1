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
    "frame-src https://challenges.cloudflare.com",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join("; ");
}

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
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) secured.headers.set(name, value);
  secured.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return secured;
}
