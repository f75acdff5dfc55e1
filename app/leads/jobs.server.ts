import { eq } from "drizzle-orm";
import { leads } from "~/db/schema";
import { sendEmail } from "~/email/outbox.server";
import type { JobHandler } from "~/jobs/handler.server";
import type { LeadNotifyJob } from "./jobs";

export const notifyTeamOfLead: JobHandler<LeadNotifyJob> = async (job, { db, env, fetcher }) => {
  const lead = await db.query.leads.findFirst({ where: eq(leads.id, job.leadId) });
  if (!lead) return; // Deleted since it was enqueued: nothing to tell anyone.
  await sendEmail(
    db,
    env,
    {
      dedupeKey: `lead.notify:${lead.id}`,
      to: env.TEAM_INBOX,
      subject: `New ${lead.source} enquiry from ${lead.name}`,
      text: [
        `Name: ${lead.name}`,
        `Email: ${lead.email}`,
        `Company: ${lead.company ?? "—"}`,
        `Phone: ${lead.phone ?? "—"}`,
        `Business type: ${lead.businessType ?? "—"}`,
        `Received: ${lead.createdAt}`,
        "",
        lead.message ?? "",
      ].join("\n"),
    },
    fetcher,
  );
};
