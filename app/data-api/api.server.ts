import type { AppContext } from "~/context.server";
import { FUNCTIONS_API_PREFIX, handleFunctionsApi } from "./functions.server";
import { handleRestApi, REST_API_PREFIX } from "./rest.server";

type DataApi = (request: Request, context: AppContext) => Promise<Response>;

const APIS: [prefix: string, handle: DataApi][] = [
  [REST_API_PREFIX, handleRestApi],
  [FUNCTIONS_API_PREFIX, handleFunctionsApi],
];

/** The Supabase-compatible API serving this path (/rest/v1 or /functions/v1), or null. */
export function dataApiFor(pathname: string): DataApi | null {
  for (const [prefix, handle] of APIS) if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return handle;
  return null;
}
