import type { CoachApplicationStatus } from "~/db/schema/coach-network";

// The coach application (/coach-registration): its fields and rules, its statuses and the moves
// between them. Safe for the browser bundle: the form shows the same limits the server enforces. The
// zod schemas that enforce them are in application-schemas.server.ts, so the browser never loads zod.

/** Days a rejected or withdrawn application keeps its CV; the daily cron deletes it after that (the row stays). */
export const CV_RETENTION_DAYS = 90;

/** The coach terms an applicant agrees to: bump when their wording changes. */
export const COACH_TERMS_VERSION = "2026-11";

/** The largest CV we keep (PDF or DOCX). */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_MAX_LABEL = "5 MB";

export const APPLICATION_LIMITS = {
  name: 80,
  email: 254,
  phone: 20,
  qualifications: 2000,
  memberships: 1000,
  insurer: 200,
  website: 300,
  bioMin: 80,
  bio: 2000,
  reason: 2000,
  note: 4000,
} as const;

export const AU_STATES = [
  { value: "NSW", label: "New South Wales" },
  { value: "VIC", label: "Victoria" },
  { value: "QLD", label: "Queensland" },
  { value: "WA", label: "Western Australia" },
  { value: "SA", label: "South Australia" },
  { value: "TAS", label: "Tasmania" },
  { value: "ACT", label: "Australian Capital Territory" },
  { value: "NT", label: "Northern Territory" },
] as const;

export const APPLICATION_STATUS_LABELS: Readonly<Record<CoachApplicationStatus, string>> = {
  submitted: "Submitted",
  under_review: "Under review",
  approved: "Approved",
  rejected: "Not successful",
  withdrawn: "Withdrawn",
};

/** Open applications can still change; one per email address. */
export const OPEN_STATUSES: readonly CoachApplicationStatus[] = ["submitted", "under_review"];

/** Who may move an application from a status, and to which. */
const TRANSITIONS: Readonly<Record<CoachApplicationStatus, readonly CoachApplicationStatus[]>> = {
  submitted: ["under_review", "withdrawn"],
  under_review: ["approved", "rejected", "withdrawn"],
  approved: [],
  rejected: [],
  withdrawn: [],
};

export function canMove(from: CoachApplicationStatus, to: CoachApplicationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isOpen(status: CoachApplicationStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

/** The form's text fields, as typed: what comes back with errors and what the draft keeps. */
export const APPLICATION_TEXT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "state",
  "timeZone",
  "abn",
  "gstRegistered",
  "yearsExperience",
  "qualifications",
  "memberships",
  "insurer",
  "insuranceExpiresOn",
  "website",
  "bio",
  "hoursPerWeek",
] as const;
export type ApplicationTextField = (typeof APPLICATION_TEXT_FIELDS)[number];
/** A field the form can show an error beside. */
export type ApplicationField = ApplicationTextField | "specialties" | "industries" | "terms" | "cv";

export type ApplicationFormValues = Partial<Record<ApplicationTextField, string>> & { specialties?: string[]; industries?: string[]; terms?: boolean };

export const APPLICATION_PAGE_SIZE = 25;
