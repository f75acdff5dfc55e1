import type { AppContext } from "~/context.server";
import type { PayoutsSweepJob } from "./payout-jobs";
import { sweepCoachPayouts } from "./payouts.server";

export async function runPayoutsSweep(job: PayoutsSweepJob, context: AppContext): Promise<void> {
  await sweepCoachPayouts(context, job.coachId ? { coachId: job.coachId } : {});
}
