import { sendUserOnboarding } from "~/accounts/onboarding.server";
import { chatWithAi, getPromptPacksFunction } from "~/ai-coach/functions.server";
import { checkAiSubscription, createAiSubscription } from "~/billing/functions.server";
import type { AppContext } from "~/context.server";
import { serviceDiscoveryChat } from "~/sales-chat/functions.server";
import { CallerError, resolveCaller } from "./caller.server";
import { jsonResponse, preflight, withCors } from "./http.server";
import { bodyReader, FunctionError, functionErrorResponse, type ServerFunction } from "./server-function.server";

export const FUNCTIONS_API_PREFIX = "/functions/v1";

// The server functions of SPEC §7 that supabase-js calls with functions.invoke(name, { body }),
// by name. Each is owned by its domain; add one here when its domain builds it.
const FUNCTIONS: Readonly<Record<string, ServerFunction>> = {
  "send-user-onboarding": sendUserOnboarding,
  "chat-with-ai": chatWithAi,
  "get-prompt-packs": getPromptPacksFunction,
  "check-ai-subscription": checkAiSubscription,
  "create-ai-subscription": createAiSubscription,
  "service-discovery-chat": serviceDiscoveryChat,
};

/** Supabase's gateway answers in this shape before a function runs (unknown name, no or bad token). */
function gatewayError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse({ code, message }, { status, headers });
}

/**
 * /functions/v1/{name}: finds the function, checks the caller's token (a signed-in user for
 * functions that need one) and hands over. CORS and OPTIONS preflight as Supabase functions
 * answer them, so a browser client on another origin can call them.
 */
export async function handleFunctionsApi(request: Request, context: AppContext): Promise<Response> {
  if (request.method === "OPTIONS") return preflight();
  try {
    return withCors(await route(request, context));
  } catch (error) {
    if (error instanceof FunctionError) return withCors(functionErrorResponse(error));
    console.error("functions api: unexpected failure", error instanceof Error ? error.message : String(error));
    return withCors(gatewayError(500, "INTERNAL_SERVER_ERROR", "Unexpected failure, please check server logs for more information"));
  }
}

async function route(request: Request, context: AppContext): Promise<Response> {
  const name = new URL(request.url).pathname.slice(FUNCTIONS_API_PREFIX.length + 1);
  const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
  if (!fn) return gatewayError(404, "NOT_FOUND", "Requested function was not found");
  const methods = fn.methods ?? ["POST"];
  if (!methods.includes(request.method)) return gatewayError(405, "METHOD_NOT_ALLOWED", "Method not allowed", { Allow: [...methods, "OPTIONS"].join(", ") });
  let user;
  try {
    const caller = await resolveCaller(request, context, { strict: true });
    user = caller.kind === "user" ? caller.user : null;
  } catch (error) {
    if (!(error instanceof CallerError)) throw error;
    return gatewayError(401, "UNAUTHORIZED_INVALID_JWT", error.reason === "expired" ? "JWT expired" : "Invalid JWT");
  }
  const call = { request, context, body: bodyReader(request) };
  if (fn.access === "anyone") return fn.handle({ ...call, user });
  if (!user) return gatewayError(401, "UNAUTHORIZED_NO_USER", "This function needs a signed-in user's access token");
  return fn.handle({ ...call, user });
}
