import { defineEmail } from "./define";
import { Button, Details, Heading, Paragraph } from "./layout";

type Props = { type: string; attempts: number; error: string | null; queuedAt: string; reviewUrl: string };

const rows = (job: Props): [string, string][] => [
  ["Job", job.type],
  ["Attempts", String(job.attempts)],
  ["Last error", job.error ?? "not recorded"],
  ["First queued", job.queuedAt],
];

const INTRO = "A background job has failed after every retry. It is kept in the admin area, where it can be replayed or dismissed.";
const QUIET = "Further failures are added to the same list without another email until every failed job has been replayed or dismissed.";

/** The once-per-incident alert about failed background jobs, to the team inbox. */
export const failedJobsAlertEmail = defineEmail<Props>({
  category: "transactional",
  subject: (job) => `Background jobs are failing: ${job.type}`,
  reason: "You're receiving this because this address is the ClarityAI Coaching team inbox for alerts about the site.",
  text: (job) => [INTRO, "", ...rows(job).map(([label, value]) => `${label}: ${value}`), "", QUIET, "", `Review the failed jobs: ${job.reviewUrl}`].join("\n"),
  Body: (job) => (
    <>
      <Heading>Background jobs are failing</Heading>
      <Paragraph>{INTRO}</Paragraph>
      <Details rows={rows(job)} />
      <Paragraph>{QUIET}</Paragraph>
      <Button href={job.reviewUrl}>Review the failed jobs</Button>
    </>
  ),
});
