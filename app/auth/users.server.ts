import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { identities, mfaFactors, userRoles, users, type Role } from "~/db/schema";

export type UserRow = typeof users.$inferSelect;

function parseJson(text: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** E.164 without the plus, as GoTrue stores phone numbers. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[\s()+-]/g, "");
}

export async function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, normaliseEmail(email)) });
}

export async function findUserByPhone(db: Db, phone: string) {
  return db.query.users.findFirst({ where: eq(users.phone, normalisePhone(phone)) });
}

export async function findUserById(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * SPEC §6: every account is made a client when it is created, however it is created (sign-up,
 * a code or a provider, a guest's meeting link). Coach and admin are granted by an admin; the
 * client role itself opens nothing a signed-in user can't already reach.
 */
export const NEW_ACCOUNT_ROLES: readonly Role[] = ["client"];

/** The statement that gives a new account its roles, for the batch that creates it. */
export function newAccountRoles(db: Db, userId: string) {
  return db
    .insert(userRoles)
    .values(NEW_ACCOUNT_ROLES.map((role) => ({ userId, role })))
    .onConflictDoNothing();
}

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

/** app_metadata as GoTrue shapes it, with the user's roles from user_roles added. */
export async function appMetadata(db: Db, user: UserRow, providers: string[]) {
  const stored = parseJson(user.appMetadata);
  return {
    ...stored,
    provider: (stored.provider as string | undefined) ?? providers[0] ?? "email",
    providers: [...new Set(providers.length ? providers : ["email"])],
    roles: await rolesOf(db, user.id),
  };
}

export function userMetadata(user: UserRow): Record<string, unknown> {
  return parseJson(user.userMetadata);
}

/** The user object of GoTrue's API: identities always, factors when there are any. */
export async function serializeUser(db: Db, user: UserRow) {
  const [identityRows, factorRows] = await Promise.all([
    db.select().from(identities).where(eq(identities.userId, user.id)),
    db.select().from(mfaFactors).where(eq(mfaFactors.userId, user.id)),
  ]);
  const app = await appMetadata(
    db,
    user,
    identityRows.map((identity) => identity.provider),
  );
  const confirmedAt = user.emailConfirmedAt ?? user.phoneConfirmedAt ?? undefined;
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email ?? "",
    email_confirmed_at: user.emailConfirmedAt ?? undefined,
    invited_at: user.invitedAt ?? undefined,
    phone: user.phone ?? "",
    phone_confirmed_at: user.phoneConfirmedAt ?? undefined,
    confirmation_sent_at: user.confirmationSentAt ?? undefined,
    confirmed_at: confirmedAt,
    recovery_sent_at: user.recoverySentAt ?? undefined,
    new_email: user.emailChange ?? undefined,
    email_change_sent_at: user.emailChangeSentAt ?? undefined,
    new_phone: user.phoneChange ?? undefined,
    reauthentication_sent_at: user.reauthenticationSentAt ?? undefined,
    last_sign_in_at: user.lastSignInAt ?? undefined,
    app_metadata: app,
    user_metadata: userMetadata(user),
    identities: identityRows.map((identity) => ({
      identity_id: identity.id,
      id: identity.providerId,
      user_id: identity.userId,
      identity_data: parseJson(identity.identityData),
      provider: identity.provider,
      last_sign_in_at: identity.lastSignInAt ?? undefined,
      created_at: identity.createdAt,
      updated_at: identity.updatedAt,
      email: identity.email ?? undefined,
    })),
    ...(factorRows.length
      ? {
          factors: factorRows.map((factor) => ({
            id: factor.id,
            friendly_name: factor.friendlyName ?? undefined,
            factor_type: factor.factorType,
            status: factor.status,
            phone: factor.phone ?? "",
            created_at: factor.createdAt,
            updated_at: factor.updatedAt,
            last_challenged_at: factor.lastChallengedAt,
          })),
        }
      : {}),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    banned_until: user.bannedUntil ?? undefined,
    is_anonymous: false,
  };
}

export type SerializedUser = Awaited<ReturnType<typeof serializeUser>>;
