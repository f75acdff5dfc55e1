import type { FieldErrors } from "~/utils/forms";

// What the profile's loader and action hand to its panels; shared by the server handlers and the UI.

export type ProfileIntent =
  | "update-details"
  | "change-password"
  | "enrol-totp"
  | "verify-totp"
  | "remove-factor"
  | "sign-out-others"
  | "delete-account"
  | "manage-billing"
  | "cancel-subscription"
  | "resume-subscription"
  | "switch-plan"
  | "cancel-booking"
  | "request-guarantee";

export type Enrolment = { factorId: string; secret: string; uri: string; qrCode: string };

/** Every form on the page posts to the one action; `intent` says which form the answer is for. */
export type ProfileActionData = {
  intent: ProfileIntent | null;
  errors: FieldErrors<Record<string, string>>;
  /** The details form as submitted, when it is refused. */
  values?: DetailsValues;
  enrolment?: Enrolment;
  /** The booking a refused booking form was about. */
  bookingId?: string;
};

export type DetailsValues = {
  firstName: string;
  lastName: string;
  company: string;
  industry: string;
  businessType: string;
  state: string;
  abn: string;
};
