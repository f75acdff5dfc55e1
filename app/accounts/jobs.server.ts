import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { sendEmail } from "~/email/outbox.server";
import { onboardingEmail } from "~/email/templates/onboarding";
import type { JobHandler } from "~/jobs/handler.server";
import type { OnboardingEmailJob } from "./jobs";

export const sendOnboardingEmail: JobHandler<OnboardingEmailJob> = async (job, { db, env, services: { fetch: fetcher } }) => {
  // An account deleted before the job ran gets no welcome.
  const user = await db.query.users.findFirst({ where: eq(users.id, job.userId), columns: { id: true } });
  if (!user) return;
  // The dedupe key makes the welcome once per user, however often the job is enqueued or run.
  const props = { firstName: job.firstName.trim(), siteUrl: env.PUBLIC_SITE_URL.replace(/\/+$/, "") };
  await sendEmail(db, env, await composeEmail(env, onboardingEmail, props, { to: job.email, dedupeKey: `onboarding:${job.userId}` }), fetcher);
};
