import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { auditStatement } from "~/auth/audit.server";
import type { Db } from "~/db/client.server";
import { coachProfiles, coachSchedules } from "~/db/schema";
import { COACH_AGREEMENT_VERSION, RCTI_AGREEMENT_VERSION, rctiAgreementExpiry } from "./agreements";
import { stripPhotoMetadata } from "./photo-metadata";
import { PHOTO_MAX_BYTES, photoVersion, sniffPhotoType, type PhotoType } from "./profile";
import type { CoachProfileInput, CoachTaxDetailsInput } from "./profile-schemas.server";

// A coach's profile row (coach_profiles): their public profile and photo, tax details and
// agreements. Each change is written with its audit entry in one D1 batch. The photo's bytes go to
// the UPLOADS bucket under a key of the coach's own; the row names the current one.

export type CoachProfileRow = typeof coachProfiles.$inferSelect;

type Ctx = Pick<AppContext, "db" | "services">;

/** The coach's profile row, made empty the first time (a coach given the role by an admin has none yet). */
export async function ensureCoachProfile(db: Db, coachId: string): Promise<CoachProfileRow> {
  await db.insert(coachProfiles).values({ coachId }).onConflictDoNothing({ target: coachProfiles.coachId });
  return (await db.select().from(coachProfiles).where(eq(coachProfiles.coachId, coachId)).get())!;
}

export async function saveCoachProfile(context: Ctx, coachId: string, input: CoachProfileInput): Promise<void> {
  const { db } = context;
  await ensureCoachProfile(db, coachId);
  const at = context.services.clock.now().toISOString();
  await db.batch([
    db
      .update(coachProfiles)
      .set({ bio: input.bio, specialties: JSON.stringify(input.specialties), industries: JSON.stringify(input.industries), updatedAt: at })
      .where(eq(coachProfiles.coachId, coachId)),
    auditStatement(db, {
      action: "coach_profile_updated",
      actorId: coachId,
      targetId: coachId,
      detail: { specialties: input.specialties, industries: input.industries, bioLength: input.bio.length },
    }),
  ]);
}

export type PhotoRefusal = { error: string; status: 400 | 413 | 415 };

/**
 * Stores a new photo: its type read from its bytes (JPEG, PNG or WebP), at most PHOTO_MAX_BYTES.
 * What the file says besides the picture (Exif GPS position and camera, XMP, IPTC, text chunks) is
 * removed before it is stored: the photo is public. The old photo is deleted once the row names the new one.
 */
export async function saveCoachPhoto(context: Ctx, coachId: string, file: File): Promise<PhotoRefusal | { type: PhotoType }> {
  if (file.size === 0) return { error: "Choose a photo to upload.", status: 400 };
  if (file.size > PHOTO_MAX_BYTES) return { error: `That photo is too large. Choose one of at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`, status: 413 };
  const uploaded = new Uint8Array(await file.arrayBuffer());
  const type = sniffPhotoType(uploaded);
  if (!type) return { error: "That file isn't a JPEG, PNG or WebP image. Choose a photo in one of those formats.", status: 415 };
  const bytes = stripPhotoMetadata(uploaded, type);
  if (!bytes) return { error: "That photo couldn't be read: the file looks damaged or incomplete. Save it again and choose it once more.", status: 415 };
  const { db } = context;
  const previous = await ensureCoachProfile(db, coachId);
  const at = context.services.clock.now().toISOString();
  const key = `coach-photos/${coachId}/${crypto.randomUUID()}`;
  await context.services.storage.put(key, bytes, { httpMetadata: { contentType: type } });
  await db.batch([
    db.update(coachProfiles).set({ photoKey: key, photoUpdatedAt: at, updatedAt: at }).where(eq(coachProfiles.coachId, coachId)),
    auditStatement(db, { action: "coach_photo_updated", actorId: coachId, targetId: coachId, detail: { type, bytes: bytes.byteLength } }),
  ]);
  if (previous.photoKey && previous.photoKey !== key) await context.services.storage.delete(previous.photoKey);
  return { type };
}

export async function confirmTaxDetails(context: Ctx, coachId: string, input: CoachTaxDetailsInput): Promise<void> {
  const { db } = context;
  const previous = await ensureCoachProfile(db, coachId);
  const at = context.services.clock.now().toISOString();
  // Registering for GST (or changing ABN) needs an RCTI agreement for that ABN: an earlier one no longer holds.
  const rctiStillHolds = input.gstRegistered && previous.gstRegistered && previous.abn === input.abn;
  await db.batch([
    db
      .update(coachProfiles)
      .set({
        legalName: input.legalName,
        abn: input.abn,
        gstRegistered: input.gstRegistered,
        abnConfirmedAt: at,
        ...(rctiStillHolds ? {} : { rctiAgreementAcceptedAt: null, rctiAgreementExpiresAt: null }),
        updatedAt: at,
      })
      .where(eq(coachProfiles.coachId, coachId)),
    auditStatement(db, {
      action: "coach_abn_confirmed",
      actorId: coachId,
      targetId: coachId,
      detail: { abn: input.abn, gstRegistered: input.gstRegistered, abnChanged: previous.abn !== input.abn },
    }),
  ]);
}

/** Records acceptance of the current coach agreement and, for a GST-registered coach, the RCTI agreement. */
export async function acceptAgreements(context: Ctx, coachId: string, input: { rcti: boolean }): Promise<{ rctiExpiresAt: string | null }> {
  const { db } = context;
  await ensureCoachProfile(db, coachId);
  const now = context.services.clock.now();
  const at = now.toISOString();
  const rctiExpiresAt = input.rcti ? rctiAgreementExpiry(now).toISOString() : null;
  await db.batch([
    db
      .update(coachProfiles)
      .set({
        agreementVersion: COACH_AGREEMENT_VERSION,
        agreementAcceptedAt: at,
        ...(input.rcti ? { rctiAgreementAcceptedAt: at, rctiAgreementExpiresAt: rctiExpiresAt } : {}),
        updatedAt: at,
      })
      .where(eq(coachProfiles.coachId, coachId)),
    auditStatement(db, {
      action: "coach_agreement_accepted",
      actorId: coachId,
      targetId: coachId,
      detail: {
        agreementVersion: COACH_AGREEMENT_VERSION,
        acceptedAt: at,
        ...(input.rcti ? { rctiAgreementVersion: RCTI_AGREEMENT_VERSION, rctiExpiresAt } : {}),
      },
    }),
  ]);
  return { rctiExpiresAt };
}

/** The photo of an onboarded coach, by slug, from the UPLOADS bucket; null when there is none to show. */
export async function publicCoachPhoto(
  context: Pick<AppContext, "db" | "services">,
  slug: string,
): Promise<{ body: ReadableStream; type: string; size: number; version: string } | null> {
  const row = await context.db
    .select({ photoKey: coachProfiles.photoKey, photoUpdatedAt: coachProfiles.photoUpdatedAt })
    .from(coachSchedules)
    .innerJoin(coachProfiles, eq(coachProfiles.coachId, coachSchedules.coachId))
    .where(and(eq(coachSchedules.slug, slug), isNotNull(coachProfiles.onboardingCompletedAt), isNotNull(coachProfiles.photoKey)))
    .get();
  if (!row?.photoKey) return null;
  const object = await context.services.storage.get(row.photoKey);
  if (!object) return null;
  const type = object.httpMetadata?.contentType;
  if (!type) return null;
  return { body: object.body, type, size: object.size, version: photoVersion(row.photoUpdatedAt) };
}

/** A coach's own photo (shown on their profile page before they are onboarded). */
export async function ownCoachPhoto(context: Pick<AppContext, "db" | "services">, coachId: string) {
  const row = await context.db.select({ photoKey: coachProfiles.photoKey }).from(coachProfiles).where(eq(coachProfiles.coachId, coachId)).get();
  if (!row?.photoKey) return null;
  const object = await context.services.storage.get(row.photoKey);
  if (!object?.httpMetadata?.contentType) return null;
  return { body: object.body, type: object.httpMetadata.contentType, size: object.size };
}
