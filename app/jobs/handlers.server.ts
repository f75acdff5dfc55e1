import { eq, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { leads, rateLimits } from "~/db/schema";
import { sendEmail } from "~/utils/email.server";
import type { AppEnv } from "~/utils/env.server";
import { RATE_LIMIT_RETENTION_MS } from "~/utils/rate-limit.server";
import type { JobMessage } from "./messages";

type JobContext = { db: Db; env: AppEnv };

// Each handler is idempotent: a redelivered message has the effect of one delivery.
export async function runJob(job: JobMessage, { db, env }: JobContext): Promise<void> {
  switch (job.type) {
    case "lead.notify": {
      const lead = await db.query.leads.findFirst({ where: eq(leads.id, job.leadId) });
      if (!lead) return; // Deleted since it was enqueued: nothing to tell anyone.
      await sendEmail(db, env, {
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
      });
      return;
    }
    case "maintenance.purge": {
      const cutoff = Date.parse(job.scheduledAt) - RATE_LIMIT_RETENTION_MS;
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff));
      return;
    }
  }
}
