// Errors in the shape GoTrue (Supabase Auth) sends, so existing Supabase clients read them unchanged.
export const API_VERSION_HEADER = "X-Supabase-Api-Version";
export const API_VERSION_2024 = "2024-01-01";

/**
 * An auth operation refused, as GoTrue refuses it: the status, the error code and the message its
 * clients read, and any extra fields of the JSON answer. The typed operations of the auth domain
 * throw it; the /auth/v1 endpoints turn it into GoTrue's JSON (errorResponse) and the website into
 * a form's message.
 */
export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** For a rate limit (429): seconds until the limit's window ends. Not part of GoTrue's JSON. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthApiError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthApiError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthApiError(403, code, message);
export const notFound = (code: string, message: string) => new AuthApiError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthApiError(422, code, message);
export const tooManyRequests = (code: string, message: string, retryAfterSeconds: number) => new AuthApiError(429, code, message, {}, retryAfterSeconds);

export const validationFailed = (message: string) => badRequest("validation_failed", message);

/** Whether the client asked for the 2024-01-01 error format (auth-js always does). */
export function apiVersionOf(request: Request): string | null {
  const header = request.headers.get(API_VERSION_HEADER);
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header) || Number.isNaN(Date.parse(header))) return null;
  return header >= API_VERSION_2024 ? API_VERSION_2024 : null;
}

export function errorResponse(error: AuthApiError, request: Request): Response {
  const version = apiVersionOf(request);
  const headers = new Headers({ "Content-Type": "application/json", "x-sb-error-code": error.code });
  if (version) headers.set(API_VERSION_HEADER, version);
  const body = version
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

/**
 * A failure nobody foresaw (a bug, D1 unavailable): logged without its details reaching the
 * client, and answered with GoTrue's 500.
 */
export function unexpectedFailure(error: unknown): AuthApiError {
  console.error("auth api: unexpected failure", error instanceof Error ? error.message : String(error));
  return new AuthApiError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information");
}

export type AuthOutcome<T> = { ok: true; value: T } | { ok: false; error: AuthApiError };

/**
 * An auth operation's value, or the AuthApiError it was refused with, for callers that answer a
 * refusal with a page rather than an error (the website). An unexpected failure is logged and
 * becomes the same 500 the API answers.
 */
export async function outcomeOf<T>(operation: () => Promise<T>): Promise<AuthOutcome<T>> {
  try {
    return { ok: true, value: await operation() };
  } catch (error) {
    return { ok: false, error: error instanceof AuthApiError ? error : unexpectedFailure(error) };
  }
}
