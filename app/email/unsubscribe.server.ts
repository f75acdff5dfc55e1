import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailSuppressions } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";
import { base64url, decodeBase64url } from "~/utils/base64url";
import { hmacSha256 } from "~/utils/hex";

// Unsubscribe links (Spam Act 2003 s 18): a token per address, signed with the session secret, so
// the link works without signing in, names only its own address and cannot be forged for another.
// It never expires: an opt-out link has to keep working for as long as the email may be read.

const TOKEN_VERSION = "u1";
const encoder = new TextEncoder();

/** Addresses are compared and stored lower-case. */
export function normaliseAddress(address: string): string {
  return address.trim().toLowerCase();
}

async function signature(secret: string, address: string): Promise<string> {
  return base64url(await hmacSha256(secret, `unsubscribe:${address}`));
}

/** The token of the unsubscribe link for an address. */
export async function unsubscribeToken(env: Pick<AppEnv, "SESSION_SECRET">, address: string): Promise<string> {
  const normalised = normaliseAddress(address);
  return `${TOKEN_VERSION}.${base64url(encoder.encode(normalised))}.${await signature(env.SESSION_SECRET, normalised)}`;
}

/** The unsubscribe page for an address, on the site's origin. */
export async function unsubscribeUrl(env: Pick<AppEnv, "SESSION_SECRET" | "PUBLIC_SITE_URL">, address: string): Promise<string> {
  const url = new URL("/unsubscribe", env.PUBLIC_SITE_URL);
  url.searchParams.set("token", await unsubscribeToken(env, address));
  return url.toString();
}

function constantTimeEqual(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The address a token was issued for, or null when it is malformed or its signature does not match. */
export async function verifyUnsubscribeToken(env: Pick<AppEnv, "SESSION_SECRET">, token: string): Promise<string | null> {
  if (token.length > 1024) return null;
  const [version, encoded, mac, ...rest] = token.split(".");
  if (version !== TOKEN_VERSION || !encoded || !mac || rest.length) return null;
  let address: string;
  try {
    const binary = decodeBase64url(encoded);
    address = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  if (!address || address !== normaliseAddress(address)) return null;
  return constantTimeEqual(mac, await signature(env.SESSION_SECRET, address)) ? address : null;
}

/** Records an opt-out, once: unsubscribing twice keeps the first record. */
export async function suppressAddress(db: Db, address: string) {
  await db
    .insert(emailSuppressions)
    .values({ email: normaliseAddress(address), reason: "unsubscribed" })
    .onConflictDoNothing({ target: emailSuppressions.email });
}

export async function isSuppressed(db: Db, address: string): Promise<boolean> {
  const row = await db.query.emailSuppressions.findFirst({ columns: { email: true }, where: eq(emailSuppressions.email, normaliseAddress(address)) });
  return Boolean(row);
}

/**
 * An address shown on the unsubscribe page, partly hidden: the link may have been forwarded, and
 * the page should not hand the whole address to whoever holds it.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "your address";
  const local = address.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}${"•".repeat(3)}${address.slice(at)}`;
}

/** What the unsubscribe page shows. `address` is masked (maskAddress). */
export type UnsubscribeState =
  { kind: "missing" } | { kind: "invalid" } | { kind: "confirm"; token: string; address: string } | { kind: "done"; address: string };

/** The page for a link, before anything is recorded. An address that already opted out is shown as done. */
export async function unsubscribeState(db: Db, env: Pick<AppEnv, "SESSION_SECRET">, token: string | null): Promise<UnsubscribeState> {
  if (token === null) return { kind: "missing" };
  const address = await verifyUnsubscribeToken(env, token);
  if (!address) return { kind: "invalid" };
  if (await isSuppressed(db, address)) return { kind: "done", address: maskAddress(address) };
  return { kind: "confirm", token, address: maskAddress(address) };
}

/** Records the opt-out of the token's address (idempotent); "invalid" when the token is missing or not ours. */
export async function unsubscribeWithToken(db: Db, env: Pick<AppEnv, "SESSION_SECRET">, token: string | null): Promise<UnsubscribeState> {
  const address = token === null ? null : await verifyUnsubscribeToken(env, token);
  if (!address) return { kind: "invalid" };
  await suppressAddress(db, address);
  return { kind: "done", address: maskAddress(address) };
}
