import { and, desc, eq } from "drizzle-orm";
import { leadActivities, leads } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { sendEmail } from "~/email/outbox.server";
import { leadNoticeEmail } from "~/email/templates/lead-notice";
import type { JobHandler } from "~/jobs/handler.server";
import type { LeadNotifyJob } from "./jobs";
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
  const email = await composeEmail(
    env,
    leadNoticeEmail,
    {
      source: SOURCE_NAMES[activity.source],
      name: lead.name,
      email: lead.email,
      company: lead.company,
      phone: lead.phone,
      businessType: lead.businessType,
      message: message || null,
      receivedAt: activity.createdAt,
    },
    { to: env.TEAM_INBOX, dedupeKey: `lead.notify:${activity.id}` },
  );
  await sendEmail(db, env, email, fetcher);
};
