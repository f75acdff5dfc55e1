import { env } from "cloudflare:workers";
import { inject } from "vitest";
import { FAKE_TURNSTILE_SECRET } from "../fakes/turnstile-server";

export const TURNSTILE_SITE_KEY = "test-turnstile-site-key";

/** The test bindings with Turnstile configured, checked by the fake verifier on loopback (tests/fakes/turnstile-server.ts). */
export function withTurnstile(): Env {
  return {
    ...env,
    TURNSTILE_SITE_KEY,
    TURNSTILE_SECRET_KEY: FAKE_TURNSTILE_SECRET,
    TURNSTILE_VERIFY_URL: inject("fakeTurnstileVerifyUrl"),
  } as Env;
}
