import type { RequestContext } from "~/context.server";
import { createAuthContext } from "./context.server";
import { AuthApiError, API_VERSION_HEADER, errorResponse, notFound, unexpectedFailure } from "./errors.server";
import { AUTH_ENDPOINTS } from "./endpoints/routes.server";

export const AUTH_API_PREFIX = "/auth/v1";

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": `authorization, apikey, content-type, x-client-info, ${API_VERSION_HEADER.toLowerCase()}`,
  "Access-Control-Expose-Headers": `${API_VERSION_HEADER}, x-sb-error-code`,
  "Access-Control-Max-Age": "86400",
};

function withCors(response: Response): Response {
  const out = new Response(response.body, response);
  for (const [name, value] of Object.entries(CORS_HEADERS)) out.headers.set(name, value);
  out.headers.set("Cache-Control", "no-store");
  return out;
}

/**
 * The Supabase Auth (GoTrue) compatible API. Clients authenticate with Bearer tokens, not cookies,
 * so cross-origin calls are allowed (CORS) and the site's same-origin check does not apply here.
 */
export async function handleAuthApi(request: Request, context: RequestContext): Promise<Response> {
  if (request.method === "OPTIONS") return withCors(new Response(null, { status: 204 }));
  try {
    const url = new URL(request.url);
    for (const endpoint of AUTH_ENDPOINTS) {
      if (endpoint.method !== request.method) continue;
      const match = endpoint.pattern.exec({ pathname: url.pathname });
      if (!match) continue;
      const ctx = await createAuthContext(request, context);
      return withCors(await endpoint.handle(ctx, match.pathname.groups as Record<string, string>));
    }
    throw notFound("not_found", "Not Found");
  } catch (error) {
    return withCors(errorResponse(error instanceof AuthApiError ? error : unexpectedFailure(error), request));
  }
}
