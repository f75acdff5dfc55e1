import type { RequestContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import type { AppEnv } from "~/platform/env.server";
import type { AuthConfig } from "./config.server";
import { signingKey, type SigningKey } from "./keys.server";
import { sha256Hex } from "~/utils/hex";
import { clientAddress, clientSource, type Source } from "~/platform/rate-limit.server";

/** Everything an auth operation needs for one API call, taken from the request context. */
export type AuthContext = {
  env: Env;
  appEnv: AppEnv;
  db: Db;
  config: AuthConfig;
  key: () => Promise<SigningKey>;
  request: Request;
  /** What per-source rate limits count: the client's IPv4 address or IPv6 /64 (clientSource). */
  source: Source;
  ipHash: string;
  waitUntil: (promise: Promise<unknown>) => void;
};

/** `request` is the request being answered: a call to /auth/v1, or a form of the website acting on auth. */
export async function createAuthContext(request: Request, context: Pick<RequestContext, "cloudflare" | "env" | "db" | "auth">): Promise<AuthContext> {
  let key: Promise<SigningKey> | undefined;
  return {
    env: context.cloudflare.env,
    appEnv: context.env,
    db: context.db,
    config: context.auth,
    key: () => (key ??= signingKey(context.db, context.auth)),
    request,
    source: clientSource(request),
    ipHash: await sha256Hex(`${context.env.SESSION_SECRET}:ip:${clientAddress(request)}`, 12),
    waitUntil: (promise) => context.cloudflare.ctx.waitUntil(promise),
  };
}
