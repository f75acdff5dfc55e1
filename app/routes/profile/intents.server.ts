import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Viewer } from "~/auth/web-sessions.server";
import type { ProfileActionData, ProfileIntent } from "./types";

// What every profile form handler receives and the answers they share.

export type ProfileIntentArgs = { request: Request; context: AppLoadContext; viewer: Viewer; formData: FormData };
export type ProfileIntentResult = Response | ReturnType<typeof data<ProfileActionData>>;
export type ProfileIntentHandler = (args: ProfileIntentArgs) => Promise<ProfileIntentResult>;

/** A refused form: the problems, and whatever the page needs to show the form again. */
export function fail(intent: ProfileIntent | null, errors: ProfileActionData["errors"], extra: Partial<ProfileActionData> = {}, status = 400) {
  return data<ProfileActionData>({ intent, errors, ...extra }, { status });
}

/** What the auth domain said when it refused (its GoTrue message), or `fallback` when it said nothing. */
export function apiMessage(error: { message: string }, fallback: string): string {
  return error.message || fallback;
}

/**
 * A refusal from the auth domain is a form error to the person (400, as every invalid form here;
 * 429 keeps its meaning); anything else is our fault and shows as a calm 500.
 */
export function apiStatus(status: number) {
  if (status === 429) return 429;
  return status >= 400 && status < 500 ? 400 : 500;
}
