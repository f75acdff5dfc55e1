import { eq } from "drizzle-orm";
import { leads } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { sendEmail } from "~/email/outbox.server";
import { leadNoticeEmail } from "~/email/templates/lead-notice";
import type { JobHandler } from "~/jobs/handler.server";
import type { LeadNotifyJob } from "./jobs";

export const notifyTeamOfLead: JobHandler<LeadNotifyJob> = async (job, { db, env, fetcher }) => {
  const lead = await db.query.leads.findFirst({ where: eq(leads.id, job.leadId) });
  if (!lead) return; // Deleted since it was enqueued: nothing to tell anyone.
  const email = await composeEmail(
    env,
    leadNoticeEmail,
    {
      source: lead.source,
      name: lead.name,
      email: lead.email,
      company: lead.company,
      phone: lead.phone,
      businessType: lead.businessType,
      message: lead.message,
      receivedAt: lead.createdAt,
    },
    { to: env.TEAM_INBOX, dedupeKey: `lead.notify:${lead.id}` },
  );
  await sendEmail(db, env, email, fetcher);
};
