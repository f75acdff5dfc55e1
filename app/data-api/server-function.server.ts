import type { UserRow } from "~/auth/users.server";
import type { AppContext } from "~/context.server";
import { jsonResponse, readJson } from "./http.server";

// What a server function of /functions/v1 is given and how it answers. Each domain writes its
// functions against these types; app/data-api/functions.server.ts maps their names to them.

type CallBase = {
  request: Request;
  context: AppContext;
  /** The JSON body (undefined when empty); a malformed or oversized body answers 400/413 for the function. */
  body: () => Promise<unknown>;
};

export type ServerFunction =
  | {
      /** A signed-in user's access token is required: without one the call is a 401 before the handler runs. */
      access: "user";
      methods?: readonly string[];
      handle: (call: CallBase & { user: UserRow }) => Promise<Response>;
    }
  | {
      /** Visitors may call it with the anon key alone; `user` is the signed-in caller, if any. */
      access: "anyone";
      methods?: readonly string[];
      handle: (call: CallBase & { user: UserRow | null }) => Promise<Response>;
    };

/** A refusal a function answers with: { error, code } and a 4xx, the shape Supabase functions conventionally use. */
export class FunctionError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function functionJson(body: unknown, status = 200): Response {
  return jsonResponse(body, { status });
}

export function functionErrorResponse(error: FunctionError): Response {
  return jsonResponse({ error: error.message, code: error.code }, { status: error.status, headers: error.headers });
}

/** Reads the request's JSON body once, on demand. */
export function bodyReader(request: Request): () => Promise<unknown> {
  let read: Promise<unknown> | undefined;
  return () =>
    (read ??= readJson(request).then((body) => {
      if (body.kind === "too-large") throw new FunctionError(413, "payload_too_large", "The request body is too large");
      if (body.kind === "invalid") throw new FunctionError(400, "invalid_json", "The request body is not valid JSON");
      return body.kind === "json" ? body.value : undefined;
    }));
}
