import type { AppEnv } from "./env.server";

// Cloudflare Turnstile, the captcha asked for as a step-up (see docs/decisions/004). Off unless
// both keys are configured; the verify URL can point at a local fake for tests.

export type Turnstile = { siteKey: string; secretKey: string; verifyUrl: string };

export function turnstileOf(env: AppEnv): Turnstile | null {
  if (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY) return null;
  return { siteKey: env.TURNSTILE_SITE_KEY, secretKey: env.TURNSTILE_SECRET_KEY, verifyUrl: env.TURNSTILE_VERIFY_URL };
}

const VERIFY_TIMEOUT_MS = 5_000;
const MAX_TOKEN_LENGTH = 2048;

/**
 * Asks Turnstile whether a widget token is valid for this client. Any failure to get a clear
 * "success" (network, timeout, malformed answer) counts as not verified.
 */
export async function verifyTurnstile(turnstile: Turnstile, token: string | undefined, remoteIp: string | null): Promise<boolean> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const form = new URLSearchParams({ secret: turnstile.secretKey, response: token });
  if (remoteIp) form.set("remoteip", remoteIp);
  try {
    const response = await fetch(turnstile.verifyUrl, { method: "POST", body: form, signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch (error) {
    console.warn("turnstile: verification failed", error instanceof Error ? error.message : String(error));
    return false;
  }
}
