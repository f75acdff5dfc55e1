import { eq } from "drizzle-orm";
import { BUSINESS } from "~/content/business";
import { users } from "~/db/schema";
import { sendEmail } from "~/email/outbox.server";
import type { JobHandler } from "~/jobs/handler.server";
import type { OnboardingEmailJob } from "./jobs";

/** SPEC §7 send-user-onboarding: a warm welcome with the three next steps. Plain text, en-AU. */
export function onboardingEmail(job: Pick<OnboardingEmailJob, "email" | "firstName" | "lastName">, siteUrl: string) {
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

export const sendOnboardingEmail: JobHandler<OnboardingEmailJob> = async (job, { db, env, fetcher }) => {
  // An account deleted before the job ran gets no welcome.
  const user = await db.query.users.findFirst({ where: eq(users.id, job.userId), columns: { id: true } });
  if (!user) return;
  // The dedupe key makes the welcome once per user, however often the job is enqueued or run.
  await sendEmail(db, env, { dedupeKey: `onboarding:${job.userId}`, ...onboardingEmail(job, env.PUBLIC_SITE_URL) }, fetcher);
};
