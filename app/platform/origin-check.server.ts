const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser made on behalf of another site (CSRF). Browsers
 * send Origin on every POST, PUT, PATCH and DELETE; requests without it (server-to-server calls,
 * command-line clients) carry no ambient cookies worth forging.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin === null) return request.headers.get("Sec-Fetch-Site") === "cross-site";
  return origin !== new URL(request.url).origin;
}
