import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { env } from "cloudflare:workers";
import { decodeJwt, importJWK, SignJWT, type JWK } from "jose";
import { expect } from "vitest";
import { TEST_PASSWORD } from "../../factories/users";
import { fetchApp } from "../app";

/** The public anon key the tests' clients send, as the auth tests do: the key is public and decides nothing. */
export const ANON_KEY = "test-anon-key";

/** A supabase-js client talking to this Worker in-process (auth, rest and functions alike). */
export function supabaseClient(): SupabaseClient {
  return createClient("http://localhost", ANON_KEY, {
    global: { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetchApp(new Request(input, init)) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** A client signed in as the user with supabase-js's own signInWithPassword, and the session it holds. */
export async function signedInClient(email: string) {
  const client = supabaseClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  expect(error).toBeNull();
  return { client, session: data.session! };
}

/** The access token re-signed with the real key and an expiry in the past. */
export async function expiredToken(accessToken: string) {
  const row = await env.DB.prepare("SELECT private_jwk FROM signing_keys ORDER BY created_at, kid LIMIT 1").first<string>("private_jwk");
  const jwk = JSON.parse(row!) as JWK & { kid: string };
  const key = await importJWK({ ...jwk, alg: "ES256" }, "ES256");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...decodeJwt(accessToken), iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: "ES256", kid: jwk.kid, typ: "JWT" }).sign(key);
}
