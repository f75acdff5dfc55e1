import { AI_COACH_USER_DATA } from "~/ai-coach/user-data.server";
import { ATTRIBUTION_USER_DATA } from "~/attribution/user-data.server";
import { AUTH_USER_DATA } from "~/auth/user-data.server";
import { BILLING_USER_DATA } from "~/billing/user-data.server";
import { BOOKING_USER_DATA } from "~/booking/user-data.server";
import { COACH_APPLICATIONS_USER_DATA } from "~/coach-network/applications-user-data.server";
import { COACH_NETWORK_USER_DATA } from "~/coach-network/user-data.server";
import { COACH_PAYOUTS_USER_DATA } from "~/coach-network/payouts-user-data.server";
import { EMAIL_USER_DATA } from "~/email/user-data.server";
import { LEADS_USER_DATA } from "~/leads/user-data.server";
import { LEARNING_USER_DATA } from "~/learning/user-data.server";
import { MEETINGS_USER_DATA } from "~/meetings/user-data.server";
import { PLATFORM_USER_DATA } from "./platform-user-data.server";
import { ACCOUNTS_USER_DATA } from "./user-data.server";
import type { UserDataEntry } from "./user-data-entry.server";

/**
 * Each domain's tables that hold user data, as the domain declares them in its user-data.server.ts
 * (keyed by the domain's folder, which is also the name of its schema file in app/db/schema/). Data
 * export and account deletion walk these; tests/worker/accounts/user-data-registry.test.ts fails
 * when a table of the migrated database that holds user data is neither here nor in
 * USER_DATA_EXEMPTIONS. A new domain adds its list here, as it adds its jobs to app/jobs/registry.server.ts.
 */
export const USER_DATA_BY_DOMAIN = {
  auth: AUTH_USER_DATA,
  accounts: ACCOUNTS_USER_DATA,
  leads: LEADS_USER_DATA,
  email: EMAIL_USER_DATA,
  platform: PLATFORM_USER_DATA,
  billing: BILLING_USER_DATA,
  booking: BOOKING_USER_DATA,
  "ai-coach": AI_COACH_USER_DATA,
  attribution: ATTRIBUTION_USER_DATA,
  meetings: MEETINGS_USER_DATA,
  "coach-network": [...COACH_NETWORK_USER_DATA, ...COACH_APPLICATIONS_USER_DATA, ...COACH_PAYOUTS_USER_DATA],
  learning: LEARNING_USER_DATA,
} satisfies Record<string, UserDataEntry[]>;

export const USER_DATA: UserDataEntry[] = Object.values(USER_DATA_BY_DOMAIN).flat();

/**
 * Tables the registry test's rule finds (they have a user column, or a foreign key to a table that
 * holds user data) that hold nothing to export or erase, each with the reason.
 */
export const USER_DATA_EXEMPTIONS: Record<string, string> = {
  booking_notices:
    "Which messages went out about a booking (the booking's id, a kind such as reminder-24h, and when): nothing about the person; the booking itself is exported and anonymised.",
};
