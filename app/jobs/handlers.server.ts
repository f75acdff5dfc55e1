import { eq, lt } from "drizzle-orm";
import { BUSINESS } from "~/content/business";
import type { Db } from "~/db/client.server";
import { leads, rateLimits, users } from "~/db/schema";
import { deliverOutboxEmail, sendEmail } from "~/email/outbox.server";
import type { AppEnv } from "~/platform/env.server";
import { RATE_LIMIT_RETENTION_MS } from "~/platform/rate-limit.server";
import type { JobMessage } from "./messages";

type JobContext = { db: Db; env: AppEnv; fetcher?: typeof fetch };

type OnboardingJob = Extract<JobMessage, { type: "user.onboarding" }>;

/** SPEC §7 send-user-onboarding: a warm welcome with the three next steps. Plain text, en-AU. */
export function onboardingEmail(job: Pick<OnboardingJob, "email" | "firstName" | "lastName">, siteUrl: string) {
  const site = siteUrl.replace(/\/+$/, "");
  const firstName = job.firstName.trim();
  return {
    to: job.email,
    subject: `Welcome to ${BUSINESS.name}`,
    text: [
      firstName ? `Hi ${firstName},` : "Hi there,",
      "",
      `Welcome to ${BUSINESS.name}! We're glad you're here. Running a small business is a lot to carry on your own, and we're here to help you organise the work, prioritise what matters and get time back in your week.`,
      "",
      "Here's how to get the most out of your account:",
      "",
      `1. Book your free ${BUSINESS.discoveryCallMinutes}-minute discovery call. Tell a coach where the business is at and where you'd like it to go — no cost and no obligation.`,
      `   ${site}/booking`,
      "",
      "2. Complete your profile. Your industry, business type and state help us tailor coaching and ClarityAI's advice to you.",
      `   ${site}/profile`,
      "",
      "3. Explore ClarityAI, your 24/7 AI business coach, for help with planning, cash flow, marketing and operations whenever you need it.",
      `   ${site}/services/clarityai`,
      "",
      `Questions? Just reply to this email or write to ${BUSINESS.email} (${BUSINESS.hours}).`,
      "",
      "Cheers,",
      `The ${BUSINESS.name} team`,
      "",
      "—",
      `${BUSINESS.name} · ABN ${BUSINESS.abn}`,
      site,
      `You're receiving this because you created a ${BUSINESS.name} account.`,
    ].join("\n"),
  };
}

// Each handler is idempotent: a redelivered message has the effect of one delivery.
export async function runJob(job: JobMessage, { db, env, fetcher = fetch }: JobContext): Promise<void> {
  switch (job.type) {
    case "lead.notify": {
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
      return;
    }
    case "email.send": {
      // A missing row was deleted with its account since it was queued: nothing to send.
      await deliverOutboxEmail(db, env, job.outboxId, fetcher);
      return;
    }
    case "user.onboarding": {
      // An account deleted before the job ran gets no welcome.
      const user = await db.query.users.findFirst({ where: eq(users.id, job.userId), columns: { id: true } });
      if (!user) return;
      // The dedupe key makes the welcome once per user, however often the job is enqueued or run.
      await sendEmail(db, env, { dedupeKey: `onboarding:${job.userId}`, ...onboardingEmail(job, env.PUBLIC_SITE_URL) }, fetcher);
      return;
    }
    case "maintenance.purge": {
      const cutoff = Date.parse(job.scheduledAt) - RATE_LIMIT_RETENTION_MS;
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff));
      return;
    }
  }
}
