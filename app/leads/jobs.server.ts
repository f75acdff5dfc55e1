import { and, desc, eq } from "drizzle-orm";
import { leadActivities, leads } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { sendEmail } from "~/email/outbox.server";
import { leadNoticeEmail } from "~/email/templates/lead-notice";
import type { JobHandler } from "~/jobs/handler.server";
import type { LeadNotifyJob } from "./jobs";
import { differsFromLead, enquiryDetailsText, parseEnquiryDetails } from "./enquiry-details";
import { transcriptText } from "./transcript";

const SOURCE_NAMES = { contact: "contact", booking: "booking", resource: "resource download", "service-chat": "Service Assistant" } as const;

export const notifyTeamOfLead: JobHandler<LeadNotifyJob> = async (job, { db, env, fetcher }) => {
  const activityFilter = job.activityId
    ? and(eq(leadActivities.leadId, job.leadId), eq(leadActivities.id, job.activityId))
    : eq(leadActivities.leadId, job.leadId);
  const [row] = await db
    .select({ lead: leads, activity: leadActivities })
    .from(leadActivities)
    .innerJoin(leads, eq(leads.id, leadActivities.leadId))
    .where(activityFilter)
    .orderBy(desc(leadActivities.createdAt))
    .limit(1);
  if (!row) return; // Deleted since it was enqueued: nothing to tell anyone.
  const { lead, activity } = row;
  const message = [activity.message, activity.resourceSlug ? `Downloaded: ${activity.resourceSlug}` : null, transcriptText(activity.transcript)]
    .filter(Boolean)
    .join("\n\n");
  // Who wrote is who this enquiry says; when that is not what the lead has on file (only the person
  // signed in with the address changes it), the team sees both.
  const given = parseEnquiryDetails(activity.details);
  const differs = given !== null && differsFromLead(given, lead);
  const email = await composeEmail(
    env,
    leadNoticeEmail,
    {
      source: SOURCE_NAMES[activity.source],
      name: given?.name ?? lead.name,
      email: lead.email,
      company: given ? (given.company ?? null) : lead.company,
      phone: given ? (given.phone ?? null) : lead.phone,
      businessType: given ? (given.businessType ?? null) : lead.businessType,
      onFile: differs ? enquiryDetailsText(lead) : null,
      message: message || null,
      receivedAt: activity.createdAt,
    },
    { to: env.TEAM_INBOX, dedupeKey: `lead.notify:${activity.id}` },
  );
  await sendEmail(db, env, email, fetcher);
};
