import { eq, inArray, or, sql } from "drizzle-orm";
import type { Erasure, UserDataContext, UserDataEntry } from "~/accounts/user-data-entry.server";
import { conversions } from "~/db/schema";
import { attributionSessionsOfUser } from "./retention.server";
import { REMOVED } from "./types";

// A conversion keeps its type, value and date for the business's figures; who made it and where they
// came from go. The browser sessions' KV records are deleted after the batch
// (forgetAttributionSessions, in retention.server.ts). page_view_counts holds no personal data: daily
// counts per page and campaign, with no user, session or address.

/** The user's conversions for "Download all my data". */
async function conversionsForExport({ db }: UserDataContext, userId: string) {
  const rows = await db
    .select({
      type: conversions.type,
      label: conversions.label,
      valueCents: conversions.valueCents,
      currency: conversions.currency,
      occurredAt: conversions.occurredAt,
      source: conversions.source,
      medium: conversions.medium,
      campaign: conversions.campaign,
      firstSource: conversions.firstSource,
      firstMedium: conversions.firstMedium,
      firstCampaign: conversions.firstCampaign,
      attribution: conversions.attribution,
      globalPrivacyControl: conversions.gpc,
      forwardStatus: conversions.forwardStatus,
    })
    .from(conversions)
    .where(eq(conversions.userId, userId))
    .orderBy(conversions.occurredAt);
  return rows.map((row) => ({ ...row, attribution: parseRecord(row.attribution) }));
}

function parseRecord(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The statements that de-identify the user's conversions, and those recorded in the same browser
 * sessions before they signed in: the type, value and date stay for the business's figures; the
 * user id, the attribution snapshot, its session id, both touches' source, medium and campaign,
 * and the dedupe key (it may be derived from their details) go.
 */
async function eraseUserConversions({ db }: UserDataContext, userId: string): Promise<Erasure> {
  const sessions = await attributionSessionsOfUser(db, userId);
  const theirs = sessions.length ? or(eq(conversions.userId, userId), inArray(conversions.attributionSession, sessions))! : eq(conversions.userId, userId);
  const counted = await db
    .select({ n: sql<number>`count(*)` })
    .from(conversions)
    .where(theirs)
    .get();
  return {
    statements: [
      db
        .update(conversions)
        .set({
          userId: null,
          attribution: null,
          attributionSession: null,
          source: REMOVED.source,
          medium: REMOVED.medium,
          campaign: REMOVED.campaign,
          firstSource: REMOVED.source,
          firstMedium: REMOVED.medium,
          firstCampaign: REMOVED.campaign,
          dedupeKey: sql`'erased:' || ${conversions.id}`,
        })
        .where(theirs),
    ],
    auditDetail: { conversions_anonymised: counted?.n ?? 0 },
  };
}

/** The user's conversions: what export and deletion do with them. */
export const ATTRIBUTION_USER_DATA: UserDataEntry[] = [
  {
    table: conversions,
    export: { key: "conversions", read: (context, user) => conversionsForExport(context, user.id) },
    erase: (context, user) => eraseUserConversions(context, user.id),
  },
];
