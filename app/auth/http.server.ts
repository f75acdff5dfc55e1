import type { AuthContext } from "./context.server";
import { AuthApiError, badRequest, tooManyRequests } from "./errors.server";
import { consumeRateLimit, type RateLimitRule } from "~/platform/rate-limit.server";

export const MAX_BODY_BYTES = 64 * 1024;

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/**
 * Reads a JSON object body. Malformed JSON, a non-object, or a body over 64 KiB is a 4xx with
 * GoTrue's messages; unknown fields are ignored by the endpoints' schemas.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AuthApiError(413, "request_entity_too_large", "Request body too large");
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw new AuthApiError(413, "request_entity_too_large", "Request body too large");
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest("bad_json", `Could not parse request body as JSON: ${error instanceof Error ? error.message : "invalid JSON"}`);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw badRequest("bad_json", "Could not parse request body as JSON: expected an object");
  return value as Record<string, unknown>;
}

/** A string field, or undefined; anything else present is a 400 (wrong type). */
export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw badRequest("validation_failed", `Could not read ${name}: expected a string`);
  return value;
}

export function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw badRequest("validation_failed", `Could not read ${name}: expected an object`);
  return value as Record<string, unknown>;
}

// GoTrue's default limits are the baseline (e.g. 30 token verifications per 5 minutes per IP).
export const AUTH_LIMITS = {
  signInPerIp: { name: "auth-signin-ip", limit: 30, windowMs: 5 * 60_000 },
  signInPerAccount: { name: "auth-signin-account", limit: 10, windowMs: 5 * 60_000 },
  signUpPerIp: { name: "auth-signup-ip", limit: 30, windowMs: 60 * 60_000 },
  otpPerIp: { name: "auth-otp-ip", limit: 30, windowMs: 60 * 60_000 },
  emailPerAccount: { name: "auth-email-account", limit: 4, windowMs: 60 * 60_000 },
  verifyPerIp: { name: "auth-verify-ip", limit: 30, windowMs: 5 * 60_000 },
  mfaVerifyPerIp: { name: "auth-mfa-ip", limit: 15, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

export async function limit(ctx: AuthContext, rule: RateLimitRule, subject: string) {
  const result = await consumeRateLimit(ctx.db, rule, subject, ctx.appEnv.SESSION_SECRET);
  if (!result.allowed) {
    const error = tooManyRequests("over_request_rate_limit", "Request rate limit reached");
    throw error;
  }
}
