import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type * as z from "zod";
import type { Viewer } from "~/auth/viewer";
import { formatAbn } from "~/accounts/abn";
import { getCoachById } from "~/booking/catalogue.server";
import { loadOnboardingChecklist } from "~/coach-network/onboarding.server";
import { coachPhotoHref, parseIndustries, photoVersion, parseSpecialties } from "~/coach-network/profile";
import { CoachProfileSchema, CoachTaxDetailsSchema } from "~/coach-network/profile-schemas.server";
import { sweepCoachPayouts } from "~/coach-network/payouts.server";
import { confirmTaxDetails, ensureCoachProfile, saveCoachPhoto, saveCoachProfile } from "~/coach-network/profile.server";
import { redirectWithToast } from "~/platform/toast.server";

// The coach's profile page: what it shows, and one handler per form (`intent`): the photo, the
// public profile, and the tax details (legal name, ABN, GST registration).

export const PROFILE_PATH = "/coach/profile";
export type ProfileIntent = "upload-photo" | "save-profile" | "confirm-abn";

export type ProfileActionData = { intent: ProfileIntent | null; errors: Record<string, string>; values?: Record<string, string | string[]> };

export function refused(intent: ProfileIntent | null, errors: Record<string, string>, values?: ProfileActionData["values"], status = 400) {
  return data<ProfileActionData>({ intent, errors, values }, { status });
}

export async function loadProfilePage(context: AppLoadContext, viewer: Viewer) {
  const [profile, coach] = await Promise.all([ensureCoachProfile(context.db, viewer.id), getCoachById(context.db, viewer.id)]);
  const checklist = await loadOnboardingChecklist(context.db, viewer.id, context.services.clock.now());
  const name = coach?.displayName ?? ([viewer.firstName, viewer.lastName].filter(Boolean).join(" ") || "Coach");
  return {
    name,
    photoHref: profile.photoKey ? `/coach/photo?v=${photoVersion(profile.photoUpdatedAt)}` : null,
    publicPhotoHref: coach ? coachPhotoHref(coach.slug, profile.photoKey ? profile.photoUpdatedAt : null) : null,
    bio: profile.bio,
    specialties: parseSpecialties(profile.specialties),
    industries: parseIndustries(profile.industries),
    legalName: profile.legalName ?? "",
    abn: profile.abn ? formatAbn(profile.abn) : "",
    gstRegistered: profile.abnConfirmedAt || profile.abn ? (profile.gstRegistered ? "yes" : "no") : "",
    abnConfirmedAt: profile.abnConfirmedAt,
    onboardingComplete: checklist.complete,
  };
}

type IntentArgs = { context: AppLoadContext; viewer: Viewer; formData: FormData };

function fieldErrors(issues: readonly z.core.$ZodIssue[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

function text(formData: FormData, name: string, max = 5000) {
  const value = formData.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

function texts(formData: FormData, name: string) {
  return formData
    .getAll(name)
    .filter((value): value is string => typeof value === "string")
    .slice(0, 50)
    .map((value) => value.slice(0, 100));
}

async function done(context: AppLoadContext, viewer: Viewer, title: string, anchor: string) {
  // The change may have finished onboarding: the coach becomes bookable at once.
  const checklist = await loadOnboardingChecklist(context.db, viewer.id, context.services.clock.now());
  const description = checklist.complete ? undefined : "Next, carry on with your onboarding checklist.";
  return redirectWithToast(`${PROFILE_PATH}${anchor}`, { title, description, variant: "success" }, context.env.SESSION_SECRET);
}

export async function uploadPhoto({ context, viewer, formData }: IntentArgs) {
  const file = formData.get("photo");
  if (!(file instanceof File) || file.size === 0) return refused("upload-photo", { photo: "Choose a photo to upload." });
  const saved = await saveCoachPhoto(context, viewer.id, file);
  if ("error" in saved) return refused("upload-photo", { photo: saved.error }, undefined, saved.status);
  return done(context, viewer, "Photo updated", "#photo");
}

export async function saveProfile({ context, viewer, formData }: IntentArgs) {
  const values = { bio: text(formData, "bio"), specialties: texts(formData, "specialties"), industries: texts(formData, "industries") };
  const parsed = CoachProfileSchema.safeParse(values);
  if (!parsed.success)
    return refused("save-profile", { form: "Please check the highlighted fields and try again.", ...fieldErrors(parsed.error.issues) }, values);
  await saveCoachProfile(context, viewer.id, parsed.data);
  return done(context, viewer, "Profile saved", "#public-profile");
}

/**
 * Payouts held for a missing ABN go now rather than at the next cron sweep (those still waiting for
 * an active payout account stay held). The ABN is already saved: if Stripe can't be reached, the
 * cron's sweep releases them later, so the coach still sees their details confirmed.
 */
async function releaseHeldPayouts(context: AppLoadContext, coachId: string) {
  try {
    await sweepCoachPayouts(context, { coachId });
  } catch (error) {
    console.warn(`coach payouts: held payouts of ${coachId} not released yet: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function confirmAbn({ context, viewer, formData }: IntentArgs) {
  const values = {
    legalName: text(formData, "legalName", 300),
    abn: text(formData, "abn", 40),
    gstRegistered: text(formData, "gstRegistered", 10),
    confirm: text(formData, "confirm", 10),
  };
  const parsed = CoachTaxDetailsSchema.safeParse(values);
  if (!parsed.success)
    return refused("confirm-abn", { form: "Please check the highlighted fields and try again.", ...fieldErrors(parsed.error.issues) }, values);
  await confirmTaxDetails(context, viewer.id, parsed.data);
  await releaseHeldPayouts(context, viewer.id);
  return done(context, viewer, "Tax details confirmed", "#tax-details");
}
