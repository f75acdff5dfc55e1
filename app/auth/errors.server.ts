// Errors in the shape GoTrue (Supabase Auth) sends, so existing Supabase clients read them unchanged.
export const API_VERSION_HEADER = "X-Supabase-Api-Version";
export const API_VERSION_2024 = "2024-01-01";

export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthApiError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthApiError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthApiError(403, code, message);
export const notFound = (code: string, message: string) => new AuthApiError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthApiError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthApiError(429, code, message);

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
