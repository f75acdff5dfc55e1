import type { AppLoadContext } from "@remix-run/cloudflare";
import { timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { emailSuppressions, leads, marketingConsentRequests, users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import type { EmailSendJob } from "~/email/jobs";
import { outboxInsert } from "~/email/outbox.server";
import { marketingConsentEmail } from "~/email/templates/marketing-consent";
import { maskAddress } from "~/email/unsubscribe.server";
import { CONSENT_LINK_DAYS } from "~/leads/lead-fields";
import type { AppEnv } from "~/platform/env.server";
import { base64url } from "~/utils/base64url";
import { hmacSha256 } from "~/utils/hex";

// Marketing consent by double opt-in (Spam Act 2003: consent has to be provable). A form that asks
// for it records a request and emails the address a signed link; the link's page only asks (mail
// scanners open links), and its button records the consent. A person signed in with the address,
// confirmed, needs no email: the request is confirmed as it is made. Anyone else can only ask.

const DAY_MS = 86_400_000;
const TOKEN_VERSION = "c1";
const MAX_TOKEN_LENGTH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type SecretEnv = Pick<AppEnv, "SESSION_SECRET">;

async function signature(env: SecretEnv, requestId: string, expires: number): Promise<string> {
  return base64url(await hmacSha256(env.SESSION_SECRET, `marketing-consent:${requestId}:${expires}`));
}

function sameText(a: string, b: string): boolean {
  const encoder = new TextEncoder();
  const [x, y] = [encoder.encode(a), encoder.encode(b)];
  return x.byteLength === y.byteLength && timingSafeEqual(x, y);
}

/** The token of a request's confirmation link: its id and expiry, signed. */
export async function consentToken(env: SecretEnv, requestId: string, expiresAt: Date): Promise<string> {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${TOKEN_VERSION}.${requestId}.${expires}.${await signature(env, requestId, expires)}`;
}

/** The request a token names, and when its link stops working; null when the token is malformed or not ours. */
async function readConsentToken(env: SecretEnv, token: string): Promise<{ requestId: string; expiresAt: Date } | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [version, requestId, expiresText, mac, ...rest] = token.split(".");
  if (version !== TOKEN_VERSION || !requestId || !expiresText || !mac || rest.length > 0) return null;
  if (!UUID.test(requestId) || !/^\d{1,12}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  if (!sameText(mac, await signature(env, requestId, expires))) return null;
  return { requestId, expiresAt: new Date(expires * 1000) };
}

/** The confirmation page of a request, on the site's origin. */
async function consentUrl(env: Pick<AppEnv, "SESSION_SECRET" | "PUBLIC_SITE_URL">, requestId: string, expiresAt: Date): Promise<string> {
  const url = new URL("/subscribe", env.PUBLIC_SITE_URL);
  url.searchParams.set("token", await consentToken(env, requestId, expiresAt));
  return url.toString();
}

/** Whether the signed-in viewer's own address is this one, and confirmed: then what they submit is theirs to change. */
export async function isOwnConfirmedAddress(context: Pick<AppLoadContext, "db" | "viewer">, email: string): Promise<boolean> {
  const viewer = await context.viewer();
  if (!viewer || viewer.email.trim().toLowerCase() !== email) return false;
  const row = await context.db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, viewer.id)).get();
  return Boolean(row?.confirmedAt);
}

export type ConsentAsk = {
  /** Lower case, as the lead stores it. */
  email: string;
  /** The form it is asked from, as the team reads it. */
  source: string;
  pagePath: string | null;
  /** The person is signed in with this address, confirmed: their consent is recorded at once (unless the address unsubscribed). */
  verified: boolean;
  at: Date;
};

/**
 * The statements that record a form's request for marketing consent, to run in the lead's batch
 * after its upsert (the lead is found by its address), and the outbox row to deliver afterwards.
 * Nothing is asked when the address has confirmed consent and has not unsubscribed since, and no
 * second email goes while an earlier one sent in the last day is unanswered (its link still works).
 */
export async function consentStatements(context: AppLoadContext, ask: ConsentAsk): Promise<{ statements: BatchItem<"sqlite">[]; outboxId: string | null }> {
  const { db, env } = context;
  const now = ask.at.toISOString();
  const since = new Date(ask.at.getTime() - DAY_MS).toISOString();
  const state = await db
    .select({
      consentAt: leads.marketingConsentAt,
      suppressed: sql<number>`EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = ${ask.email})`,
      recentAsk: sql<string | null>`(SELECT max(r.requested_at) FROM marketing_consent_requests r JOIN leads l ON l.id = r.lead_id
        WHERE l.email = ${ask.email} AND r.confirmed_at IS NULL AND r.requested_at > ${since})`,
    })
    .from(leads)
    .where(eq(leads.email, ask.email))
    .get();
  if (state?.consentAt && !state.suppressed) return { statements: [], outboxId: null };

  const id = crypto.randomUUID();
  const leadId = sql`(SELECT ${leads.id} FROM ${leads} WHERE ${leads.email} = ${ask.email})`;
  // After an unsubscribe, only the emailed link opts back in: a box left ticked in a chat is not enough.
  if (ask.verified && !state?.suppressed) {
    return {
      statements: [
        db.insert(marketingConsentRequests).values({
          id,
          leadId,
          source: ask.source,
          pagePath: ask.pagePath,
          requestedAt: now,
          expiresAt: now,
          confirmedAt: now,
          confirmedBy: "signed-in",
        }),
        ...recordConsent(db, { email: ask.email, source: ask.source, at: now }),
      ],
      outboxId: null,
    };
  }
  if (state?.recentAsk) return { statements: [], outboxId: null };

  const expiresAt = new Date(ask.at.getTime() + CONSENT_LINK_DAYS * DAY_MS);
  const email = await composeEmail(
    env,
    marketingConsentEmail,
    { link: await consentUrl(env, id, expiresAt), days: CONSENT_LINK_DAYS },
    { to: ask.email, dedupeKey: `lead.consent:${id}` },
  );
  const outboxId = crypto.randomUUID();
  return {
    statements: [
      db
        .insert(marketingConsentRequests)
        .values({ id, leadId, source: ask.source, pagePath: ask.pagePath, requestedAt: now, expiresAt: expiresAt.toISOString() }),
      outboxInsert(db, env, email, outboxId),
    ],
    outboxId,
  };
}

/** The lead's consent as confirmed now (when `only` holds); an earlier opt-out gives way to this newer opt-in, confirmed by the address. */
function recordConsent(db: Db, consent: { email: string; source: string; at: string }, only?: SQL) {
  return [
    db
      .update(leads)
      .set({ marketingConsentAt: consent.at, marketingConsentSource: consent.source, updatedAt: consent.at })
      .where(and(eq(leads.email, consent.email), only)),
    db.delete(emailSuppressions).where(and(eq(emailSuppressions.email, consent.email), only)),
  ] as const;
}

/** Hands the confirmation email to the queue. It is in the outbox already: a failure here is logged, and the outbox sweep sends it later. */
export async function sendConsentEmail(context: AppLoadContext, outboxId: string | null) {
  if (!outboxId) return;
  try {
    await context.cloudflare.env.JOBS.send({ type: "email.send", version: 1, outboxId } satisfies EmailSendJob);
  } catch (error) {
    console.error("leads: could not enqueue the consent email", error instanceof Error ? error.message : error);
  }
}

// ── The confirmation page (/subscribe) ──

/** What the confirmation page shows. `address` is masked: the link may have been forwarded. */
export type ConsentPageState =
  { kind: "missing" } | { kind: "invalid" } | { kind: "expired" } | { kind: "confirm"; token: string; address: string } | { kind: "done"; address: string };

async function requestOf(db: Db, env: SecretEnv, token: string) {
  const read = await readConsentToken(env, token);
  if (!read) return null;
  const row = await db
    .select({ request: marketingConsentRequests, email: leads.email })
    .from(marketingConsentRequests)
    .innerJoin(leads, eq(leads.id, marketingConsentRequests.leadId))
    .where(eq(marketingConsentRequests.id, read.requestId))
    .get();
  return row ? { ...row, expiresAt: read.expiresAt } : null;
}

/** The page for a link, before anything is recorded. A request already confirmed shows as done, even after its link expired. */
export async function consentPageState(db: Db, env: SecretEnv, token: string | null, now = new Date()): Promise<ConsentPageState> {
  if (token === null) return { kind: "missing" };
  const found = await requestOf(db, env, token);
  if (!found) return { kind: "invalid" };
  if (found.request.confirmedAt) return { kind: "done", address: maskAddress(found.email) };
  if (found.expiresAt <= now) return { kind: "expired" };
  return { kind: "confirm", token, address: maskAddress(found.email) };
}

/**
 * Records the consent a link asks for: the request's confirmation (when, and that it came through
 * the emailed link) and the lead's consent, in one batch. Once only: confirming again changes nothing.
 */
export async function confirmConsent(db: Db, env: SecretEnv, token: string | null, now = new Date()): Promise<ConsentPageState> {
  const state = await consentPageState(db, env, token, now);
  if (state.kind !== "confirm") return state;
  const found = (await requestOf(db, env, state.token))!;
  const at = now.toISOString();
  const { id, source } = found.request;
  // The lead is changed only by the statement that confirmed the request, not by a second press.
  const confirmedHere = sql`EXISTS (SELECT 1 FROM ${marketingConsentRequests} WHERE ${marketingConsentRequests.id} = ${id} AND ${marketingConsentRequests.confirmedAt} = ${at} AND ${marketingConsentRequests.confirmedBy} = 'email-link')`;
  await db.batch([
    db
      .update(marketingConsentRequests)
      .set({ confirmedAt: at, confirmedBy: "email-link" })
      .where(and(eq(marketingConsentRequests.id, id), isNull(marketingConsentRequests.confirmedAt), gt(marketingConsentRequests.expiresAt, at))),
    ...recordConsent(db, { email: found.email, source, at }, confirmedHere),
  ]);
  return { kind: "done", address: state.address };
}
