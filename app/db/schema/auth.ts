import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email"),
    phone: text("phone"),
    passwordHash: text("password_hash"),
    emailConfirmedAt: text("email_confirmed_at"),
    phoneConfirmedAt: text("phone_confirmed_at"),
    userMetadata: text("user_metadata").notNull().default("{}"),
    appMetadata: text("app_metadata").notNull().default("{}"),
    lastSignInAt: text("last_sign_in_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
    bannedUntil: text("banned_until"),
    emailChange: text("email_change"),
    phoneChange: text("phone_change"),
    confirmationSentAt: text("confirmation_sent_at"),
    recoverySentAt: text("recovery_sent_at"),
    emailChangeSentAt: text("email_change_sent_at"),
    reauthenticationSentAt: text("reauthentication_sent_at"),
    onboardingEnqueuedAt: text("onboarding_enqueued_at"),
    // When an admin last invited the account (POST /invite, app/auth/invitations.server.ts).
    invitedAt: text("invited_at"),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), uniqueIndex("users_phone_unique").on(t.phone)],
);

export const ROLES = ["client", "coach", "admin"] as const;

export type Role = (typeof ROLES)[number];

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const identities = sqliteTable(
  "identities",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerId: text("provider_id").notNull(),
    identityData: text("identity_data").notNull().default("{}"),
    email: text("email"),
    lastSignInAt: text("last_sign_in_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("identities_provider_unique").on(t.provider, t.providerId), index("identities_user_idx").on(t.userId)],
);

export const authSessions = sqliteTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    aal: text("aal", { enum: ["aal1", "aal2"] })
      .notNull()
      .default("aal1"),
    // JSON array of { method, timestamp }.
    amr: text("amr").notNull().default("[]"),
    factorId: text("factor_id"),
    userAgent: text("user_agent"),
    ipHash: text("ip_hash"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
    refreshedAt: text("refreshed_at"),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentHash: text("parent_hash"),
    revokedAt: text("revoked_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId), index("refresh_tokens_parent_idx").on(t.parentHash)],
);

export const mfaFactors = sqliteTable(
  "mfa_factors",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    friendlyName: text("friendly_name"),
    factorType: text("factor_type", { enum: ["totp", "phone"] }).notNull(),
    status: text("status", { enum: ["unverified", "verified"] })
      .notNull()
      .default("unverified"),
    secret: text("secret"),
    phone: text("phone"),
    lastChallengedAt: text("last_challenged_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
    // Last accepted TOTP time step (migration 0004): a code is never accepted twice.
    lastTotpStep: integer("last_totp_step"),
  },
  (t) => [index("mfa_factors_user_idx").on(t.userId), uniqueIndex("mfa_factors_user_name_unique").on(t.userId, t.friendlyName)],
);

export const mfaChallenges = sqliteTable(
  "mfa_challenges",
  {
    id: text("id").primaryKey(),
    factorId: text("factor_id")
      .notNull()
      .references(() => mfaFactors.id, { onDelete: "cascade" }),
    ipHash: text("ip_hash"),
    otpCodeHash: text("otp_code_hash"),
    createdAt: text("created_at").notNull().default(now),
    verifiedAt: text("verified_at"),
  },
  (t) => [index("mfa_challenges_factor_idx").on(t.factorId)],
);

export const ONE_TIME_TOKEN_TYPES = [
  "confirmation",
  "recovery",
  "magiclink",
  "email_change_new",
  "email_change_current",
  "phone_change",
  "reauthentication",
  // An invitation's link (and code): valid longer than other codes, see INVITE_TTL_SECONDS.
  "invite",
] as const;

export const oneTimeTokens = sqliteTable(
  "one_time_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenType: text("token_type", { enum: ONE_TIME_TOKEN_TYPES }).notNull(),
    // SHA-256 of the address and the 6-digit code: found only together with the address it was sent to.
    tokenHash: text("token_hash").notNull(),
    // SHA-256 of the link's random token (what auth-js sends as token_hash); the token itself is never stored.
    linkHash: text("link_hash").notNull(),
    relatesTo: text("relates_to").notNull(),
    // Wrong codes entered for the address since this one was issued; at WRONG_CODE_ATTEMPTS it is deleted.
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    index("one_time_tokens_address_idx").on(t.relatesTo, t.tokenType),
    uniqueIndex("one_time_tokens_link_unique").on(t.linkHash),
    uniqueIndex("one_time_tokens_user_type_unique").on(t.userId, t.tokenType),
  ],
);

export const flowStates = sqliteTable(
  "flow_states",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    authCode: text("auth_code").notNull(),
    codeChallenge: text("code_challenge").notNull(),
    codeChallengeMethod: text("code_challenge_method", { enum: ["s256", "plain"] }).notNull(),
    providerType: text("provider_type").notNull(),
    authenticationMethod: text("authentication_method").notNull(),
    redirectTo: text("redirect_to"),
    authCodeIssuedAt: text("auth_code_issued_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("flow_states_auth_code_unique").on(t.authCode)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    targetId: text("target_id"),
    ipHash: text("ip_hash"),
    // JSON object; never personal data beyond ids.
    detail: text("detail").notNull().default("{}"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_actor_idx").on(t.actorId)],
);

export const signingKeys = sqliteTable("signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: text("private_jwk").notNull(),
  publicJwk: text("public_jwk").notNull(),
  createdAt: text("created_at").notNull().default(now),
});
