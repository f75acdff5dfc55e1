import { AuthApiError, badRequest, validationFailed } from "./errors.server";
import { parseCodeChallengeMethod, validatePkceParams, type Pkce } from "./flow-state.server";

// The HTTP side of the /auth/v1 endpoints: reading a request's JSON fields as GoTrue does (a wrong
// type is a 400 naming the field) and answering JSON. The operations they call know nothing of HTTP.

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

/** A boolean field, or undefined; anything else present is a 400 (wrong type). */
export function booleanField(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw validationFailed(`Could not read ${name}: expected a boolean`);
  return value;
}

/** code_challenge and code_challenge_method, checked up front so nothing is written for a bad pair. */
export function readPkce(body: Record<string, unknown>): Pkce | null {
  const challenge = stringField(body, "code_challenge");
  const method = stringField(body, "code_challenge_method");
  if (!validatePkceParams(challenge, method)) return null;
  if (!parseCodeChallengeMethod(method!)) throw validationFailed("Invalid code_challenge_method");
  return { challenge: challenge!, method: method! };
}
