import { createDb, type Db } from "~/db/client.server";
import { readEnv, type AppEnv } from "~/platform/env.server";
import { authConfig, type AuthConfig } from "./config.server";
import { signingKey, type SigningKey } from "./keys.server";

/** Everything an auth operation needs for one request, built per request from the bindings. */
export type AuthContext = {
  env: Env;
  appEnv: AppEnv;
  db: Db;
  config: AuthConfig;
  key: () => Promise<SigningKey>;
  request: Request;
  ipHash: string;
  waitUntil: (promise: Promise<unknown>) => void;
};

async function hashAddress(address: string, secret: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${secret}:ip:${address}`));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function createAuthContext(request: Request, env: Env, waitUntil: (promise: Promise<unknown>) => void): Promise<AuthContext> {
  const appEnv = readEnv(env);
  const db = createDb(env.DB);
  const config = authConfig(env, appEnv);
  let key: Promise<SigningKey> | undefined;
  return {
    env,
    appEnv,
    db,
    config,
    key: () => (key ??= signingKey(db, config)),
    request,
    ipHash: await hashAddress(request.headers.get("CF-Connecting-IP") ?? "unknown", appEnv.SESSION_SECRET),
    waitUntil,
  };
}
