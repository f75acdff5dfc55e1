import { desc, eq, inArray, sql } from "drizzle-orm";
import type { DataSubject, UserDataContext, UserDataEntry } from "~/accounts/user-data-entry.server";
import { leadActivities, leads, marketingConsentRequests } from "~/db/schema";
import { randomHex } from "~/utils/hex";
import { parseStoredJson } from "~/utils/stored-json";

// Enquiries carry no user id: the lead is the user's when it has the account's address.
async function leadIdsOf({ db }: UserDataContext, user: DataSubject): Promise<string[]> {
  if (!user.email) return [];
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`lower(${leads.email}) = ${user.email.toLowerCase()}`);
  return rows.map((row) => row.id);
}

/** The user's lead, its enquiries and its requests for marketing consent: what export and deletion do with them. */
export const LEADS_USER_DATA: UserDataEntry[] = [
  {
    table: leads,
    // Each lead with its enquiries (lead_activities), newest first, and the requests for marketing
    // consent (marketing_consent_requests); without the owning team member's id.
    export: {
      key: "leads",
      read: async (context, user) => {
        const { db } = context;
        const ids = await leadIdsOf(context, user);
        if (!ids.length) return [];
        const [rows, activities, consentRequests] = await Promise.all([
          db.select().from(leads).where(inArray(leads.id, ids)).orderBy(leads.createdAt),
          db.select().from(leadActivities).where(inArray(leadActivities.leadId, ids)).orderBy(desc(leadActivities.createdAt)),
          db.select().from(marketingConsentRequests).where(inArray(marketingConsentRequests.leadId, ids)).orderBy(marketingConsentRequests.requestedAt),
        ]);
        return rows.map(({ ownerId: _ownerId, ...lead }) => ({
          ...lead,
          activities: activities
            .filter((activity) => activity.leadId === lead.id)
            .map((activity) => ({
              ...activity,
              details: parseStoredJson(activity.details),
              transcript: parseStoredJson(activity.transcript),
              attribution: parseStoredJson(activity.attribution),
            })),
          marketingConsentRequests: consentRequests.filter((request) => request.leadId === lead.id),
        }));
      },
    },
    // Enquiries keep their business facts but lose everything that identifies the person.
    erase: async (context, user) => {
      const { db } = context;
      const ids = await leadIdsOf(context, user);
      const statements = ids.map((id) =>
        db
          .update(leads)
          .set({
            name: "Deleted user",
            // A random stand-in: unique per lead (the address is the unique key), and not a hash of
            // the address, so it cannot be matched back to the person by hashing guesses.
            email: `deleted-${randomHex(8)}@invalid`,
            company: null,
            phone: null,
            notes: null,
            marketingConsentAt: null,
            marketingConsentSource: null,
          })
          .where(eq(leads.id, id)),
      );
      return { statements, auditDetail: { leads_anonymised: ids.length } };
    },
  },
  {
    // Exported inside "leads" above, with the lead each belongs to. The lead is anonymised rather
    // than deleted, so its activities stay as counts by source and date; what the person wrote or
    // said, where they came from and the page they were on go. The ids are read before the batch
    // runs: by then the leads entry has replaced the email address they are found by.
    table: leadActivities,
    erase: async (context, user) => {
      const ids = await leadIdsOf(context, user);
      return {
        statements: ids.length
          ? [
              context.db
                .update(leadActivities)
                .set({ message: null, details: null, transcript: null, attribution: null, pagePath: null })
                .where(inArray(leadActivities.leadId, ids)),
            ]
          : [],
      };
    },
  },
  {
    // Exported inside "leads" above. The proof of consent goes with the person: the lead loses its
    // consent when it is anonymised, and an opt-out is kept in email_suppressions.
    table: marketingConsentRequests,
    erase: async (context, user) => {
      const ids = await leadIdsOf(context, user);
      return { statements: ids.length ? [context.db.delete(marketingConsentRequests).where(inArray(marketingConsentRequests.leadId, ids))] : [] };
    },
  },
];
