import { defineEmail } from "./define";
import { Button, Heading, LinkFallback, Paragraph, Quote } from "./layout";
import { greeting, inSentence } from "./shared";

type Props = {
  /** The client's first name, or null. */
  firstName: string | null;
  coachName: string;
  sessionTitle: string;
  /** When the session was, in the client's time zone with its abbreviation. */
  when: string;
  /** The coach's summary, as typed. */
  summary: string;
  items: { text: string; due: string | null }[];
  /** The session's record: the summary, the chat, recordings and the rating form. */
  recordUrl: string;
  ratingUrl: string;
};

function dueWords(due: string | null): string {
  if (!due) return "";
  const date = new Date(`${due}T00:00:00Z`);
  return ` (by ${new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date)})`;
}

/** The coach's summary of a session and the client's action items, with the ask to rate it. */
export const sessionSummaryEmail = defineEmail<Props>({
  category: "transactional",
  subject: ({ coachName }) => `Your session summary from ${coachName}`,
  preview: ({ summary }) => (summary.length > 120 ? `${summary.slice(0, 117)}…` : summary),
  reason: "You're receiving this because you had a coaching session with ClarityAI Coaching.",
  text: ({ firstName, coachName, sessionTitle, when, summary, items, recordUrl, ratingUrl }) =>
    [
      greeting(firstName),
      `Here is ${coachName}'s summary of your ${inSentence(sessionTitle)} on ${when}.`,
      summary,
      ...(items.length ? [`Your action items:\n${items.map((item) => `- ${item.text}${dueWords(item.due)}`).join("\n")}`] : []),
      `See it any time, with the chat from the call: ${recordUrl}`,
      `How did the session go? Rate it (1 to 5) in a minute: ${ratingUrl}`,
    ].join("\n\n"),
  // The summary and items are typed text: React escapes them, and Quote keeps the line breaks.
  Body: ({ firstName, coachName, sessionTitle, when, summary, items, recordUrl, ratingUrl }) => (
    <>
      <Heading>Your session summary</Heading>
      <Paragraph>
        {greeting(firstName)} here is {coachName}&apos;s summary of your {inSentence(sessionTitle)} on {when}.
      </Paragraph>
      <Quote>{summary}</Quote>
      {items.length ? (
        <>
          <Paragraph>Your action items:</Paragraph>
          <Quote>{items.map((item) => `• ${item.text}${dueWords(item.due)}`).join("\n")}</Quote>
        </>
      ) : null}
      <Button href={recordUrl}>Open your session record</Button>
      <LinkFallback href={recordUrl} />
      <Paragraph>
        How did the session go? <a href={ratingUrl}>Rate it from 1 to 5</a>: it takes a minute and helps your coach.
      </Paragraph>
    </>
  ),
});
