import { eq } from "drizzle-orm";
import { formatAbn } from "~/accounts/abn";
import { ensureProfile, type Profile } from "~/accounts/profiles.server";
import { ProfileDetailsSchema } from "~/accounts/schemas";
import { updateUser } from "~/auth/account-updates.server";
import { attemptAuthAsViewer } from "~/auth/web-auth.server";
import { profiles } from "~/db/schema";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { apiMessage, apiStatus, fail, type ProfileIntentArgs } from "./intents.server";
import type { DetailsValues } from "./types";

/** The details form's starting values: blanks as empty strings, the ABN as the register shows it. */
export function detailsValues(profile: Profile): DetailsValues {
  return {
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    company: profile.company ?? "",
    industry: profile.industry ?? "",
    businessType: profile.businessType ?? "",
    state: profile.state ?? "",
    abn: profile.abn ? formatAbn(profile.abn) : "",
  };
}

/** The longest value shown back in a refused form: more than any field takes, far less than a body can carry. */
const ECHO_MAX = 500;

/** What was typed into the details form, to show it again with the errors: its own fields only, bounded. */
function submittedDetails(formData: FormData): DetailsValues {
  const field = (name: keyof DetailsValues) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, ECHO_MAX) : "";
  };
  return {
    firstName: field("firstName"),
    lastName: field("lastName"),
    company: field("company"),
    industry: field("industry"),
    businessType: field("businessType"),
    state: field("state"),
    abn: field("abn"),
  };
}

export async function updateDetails({ request, context, viewer, formData }: ProfileIntentArgs) {
  const parsed = parseForm(formData, ProfileDetailsSchema);
  if (!parsed.success) return fail("update-details", parsed.errors, { values: submittedDetails(formData) });
  const details = parsed.data;
  // Names live in the profile (what the site shows) and in user_metadata (what the auth API
  // and Supabase clients see). The auth domain goes first: if it refuses, nothing is saved.
  const names = { first_name: details.firstName, last_name: details.lastName ?? "" };
  const result = await attemptAuthAsViewer(request, context, viewer, (ctx, caller) => updateUser(ctx, caller, { data: names }));
  if (!result.ok) {
    return fail(
      "update-details",
      { form: apiMessage(result.error, "Your details couldn't be saved. Please try again.") },
      { values: submittedDetails(formData) },
      apiStatus(result.error.status),
    );
  }
  await ensureProfile(context.db, viewer.id);
  const fields = {
    firstName: details.firstName,
    lastName: details.lastName ?? null,
    company: details.company ?? null,
    industry: details.industry ?? null,
    businessType: details.businessType ?? null,
    state: details.state ?? null,
    abn: details.abn ?? null,
    updatedAt: new Date().toISOString(),
  };
  await context.db.update(profiles).set(fields).where(eq(profiles.userId, viewer.id));
  return redirectWithToast(
    "/profile?tab=details",
    { title: "Details saved", description: "Your profile is up to date.", variant: "success" },
    context.env.SESSION_SECRET,
  );
}
