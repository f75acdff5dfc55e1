import { and, desc, eq, lt } from "drizzle-orm";
import { flowStates } from "~/db/schema";
import type { AuthContext } from "./context.server";
import { badRequest, unprocessable } from "./errors.server";
import { base64url } from "~/utils/base64url";

// PKCE flow state (RFC 7636) as GoTrue keeps it: a row per flow holding the client's code challenge;
// once the user has proved who they are, the row gets their id and its auth code is handed to the
// client, which trades it (with the code verifier only it knows) for a session at
// POST /token?grant_type=pkce.

/** GoTrue's FLOW_STATE_EXPIRY_DURATION default. */
export const FLOW_STATE_TTL_MS = 5 * 60_000;
/** Rows this old are gone for good: longer than any email link (1 hour) that may still carry one. */
const FLOW_STATE_RETENTION_MS = 24 * 60 * 60_000;

export const INVALID_PKCE_PARAMS = "PKCE flow requires code_challenge_method and code_challenge";

export type CodeChallengeMethod = "s256" | "plain";
export type FlowStateRow = typeof flowStates.$inferSelect;

/** GoTrue accepts the method in any case ("S256" from RFC 7636, "s256" from auth-js) and stores it lowercase. */
export function parseCodeChallengeMethod(method: string): CodeChallengeMethod | null {
  const lower = method.toLowerCase();
  return lower === "s256" || lower === "plain" ? lower : null;
}

/**
 * GoTrue's validatePKCEParams: a challenge and its method come together or not at all, and the
 * challenge is 43–128 characters of RFC 7636's unreserved set. Returns whether this is a PKCE flow.
 */
export function validatePkceParams(codeChallenge: string | null | undefined, codeChallengeMethod: string | null | undefined): boolean {
  const challenge = codeChallenge ?? "";
  const method = codeChallengeMethod ?? "";
  if ((challenge === "") !== (method === "")) throw badRequest("validation_failed", INVALID_PKCE_PARAMS);
  if (challenge === "") return false;
  if (challenge.length < 43 || challenge.length > 128) throw badRequest("validation_failed", "code challenge has to be between 43 and 128 characters");
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest("validation_failed", "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes");
  }
  return true;
}

/** A client's PKCE pair (code_challenge and code_challenge_method), checked (readPkce) before anything is written. */
export type Pkce = { challenge: string; method: string };

export type NewFlowState = {
  /** Null while the user is not known yet (an external provider sign-in in progress). */
  userId: string | null;
  codeChallenge: string;
  codeChallengeMethod: string;
  /** "email", "phone", the external provider's name… */
  providerType: string;
  /** GoTrue's authentication method: "oauth", "magiclink", "otp", "email/signup", "recovery", "email_change", "invite". */
  authenticationMethod: string;
  redirectTo?: string | null;
};

/**
 * Starts a PKCE flow. Validates the challenge with GoTrue's messages (400 validation_failed) and
 * returns the flow's id and its auth code (a UUID, as GoTrue makes them).
 */
export async function createFlowState(ctx: Pick<AuthContext, "db" | "waitUntil">, input: NewFlowState): Promise<{ id: string; authCode: string }> {
  if (!validatePkceParams(input.codeChallenge, input.codeChallengeMethod)) throw badRequest("validation_failed", INVALID_PKCE_PARAMS);
  const method = parseCodeChallengeMethod(input.codeChallengeMethod);
  if (!method) throw badRequest("validation_failed", "Invalid code_challenge_method");
  const id = crypto.randomUUID();
  const authCode = crypto.randomUUID();
  await ctx.db.insert(flowStates).values({
    id,
    userId: input.userId,
    authCode,
    codeChallenge: input.codeChallenge,
    codeChallengeMethod: method,
    providerType: input.providerType,
    authenticationMethod: input.authenticationMethod,
    redirectTo: input.redirectTo ?? null,
    createdAt: new Date().toISOString(),
  });
  // Abandoned flows would otherwise pile up (anyone can start one); sweeping here keeps the table small.
  const cutoff = new Date(Date.now() - FLOW_STATE_RETENTION_MS).toISOString();
  ctx.waitUntil(ctx.db.delete(flowStates).where(lt(flowStates.createdAt, cutoff)).run());
  return { id, authCode };
}

/**
 * GoTrue's issueAuthCode: when a user finishes an email flow (magic link, sign-up confirmation,
 * recovery…), their latest flow state for that method gets its auth code issued now, which starts
 * the 5 minutes in which the client must exchange it. 422 flow_state_not_found when there is none.
 */
export async function issueAuthCode(ctx: AuthContext, userId: string, authenticationMethod: string): Promise<string> {
  const row = await ctx.db.query.flowStates.findFirst({
    where: and(eq(flowStates.userId, userId), eq(flowStates.authenticationMethod, authenticationMethod)),
    orderBy: [desc(flowStates.createdAt)],
  });
  if (!row) throw unprocessable("flow_state_not_found", "No valid flow state found for user.");
  await ctx.db.update(flowStates).set({ authCodeIssuedAt: new Date().toISOString() }).where(eq(flowStates.id, row.id));
  return row.authCode;
}

export async function findFlowStateByAuthCode(ctx: AuthContext, authCode: string) {
  return ctx.db.query.flowStates.findFirst({ where: eq(flowStates.authCode, authCode) });
}

/**
 * A flow state lives 5 minutes from the moment its auth code was issued (or, before that, from its
 * creation). GoTrue counts from creation for everything but magic links, which would expire a
 * sign-up confirmation clicked more than 5 minutes after signing up; counting from issue keeps the
 * window as short without that trap.
 */
export function isFlowStateExpired(row: Pick<FlowStateRow, "createdAt" | "authCodeIssuedAt">, now = Date.now()): boolean {
  const start = Date.parse(row.authCodeIssuedAt ?? row.createdAt);
  return Number.isNaN(start) || now > start + FLOW_STATE_TTL_MS;
}

/** RFC 7636 S256: BASE64URL(SHA-256(ASCII(code_verifier))). */
export async function s256Challenge(codeVerifier: string): Promise<string> {
  return base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(codeVerifier)));
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

/** Whether the verifier answers the flow's challenge (compared in constant time). */
export async function verifyCodeVerifier(row: Pick<FlowStateRow, "codeChallenge" | "codeChallengeMethod">, codeVerifier: string): Promise<boolean> {
  const expected = row.codeChallengeMethod === "plain" ? codeVerifier : await s256Challenge(codeVerifier);
  return constantTimeEqual(row.codeChallenge, expected);
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * GoTrue's redirect rule: a redirect_to back to the site (same scheme and host; any port on a
 * loopback host, as native apps need — RFC 8252 §7.3) is honoured, anything else falls back to the
 * site URL, so the auth API can never be used as an open redirect.
 */
export function allowedRedirect(ctx: Pick<AuthContext, "config">, candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  let target: URL;
  let site: URL;
  try {
    target = new URL(candidate);
    site = new URL(ctx.config.siteUrl);
  } catch {
    return null;
  }
  const sameSite = target.protocol === site.protocol && target.hostname === site.hostname && (target.port === site.port || LOOPBACK_HOSTS.has(target.hostname));
  return sameSite ? candidate : null;
}
