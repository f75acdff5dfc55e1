import { defineEmail } from "./define";
import { Button, Details, Heading, LinkFallback, Paragraph, Quote } from "./layout";
import { greeting } from "./shared";

type Props = {
  /** The client's name as they booked, or null. */
  name: string | null;
  coachName: string;
  lessonTitle: string;
  moduleTitle: string;
  /** The due date in words ("Friday 4 December 2026"), or null. */
  due: string | null;
  /** The coach's note, as typed ("" for none). */
  note: string;
  /** True when the coach changed an earlier assignment of the same lesson. */
  updated: boolean;
  lessonUrl: string;
  learningUrl: string;
};

/** A lesson the client's coach assigned them (or changed the due date or note of). */
export const learningAssignmentEmail = defineEmail<Props>({
  category: "transactional",
  subject: ({ coachName, lessonTitle, updated }) =>
    updated ? `${coachName} updated your lesson: ${lessonTitle}` : `${coachName} assigned you a lesson: ${lessonTitle}`,
  preview: ({ note, lessonTitle }) => (note ? (note.length > 120 ? `${note.slice(0, 117)}…` : note) : `Open "${lessonTitle}" in the learning hub.`),
  reason: "You're receiving this because your ClarityAI Coaching coach assigned you a lesson.",
  text: ({ name, coachName, lessonTitle, moduleTitle, due, note, updated, lessonUrl, learningUrl }) =>
    [
      greeting(name),
      `${coachName} ${updated ? "updated a lesson they assigned you" : "assigned you a lesson"}: "${lessonTitle}" (${moduleTitle}).${due ? ` It's due ${due}.` : ""}`,
      ...(note ? [`${coachName}'s note:\n${note}`] : []),
      `Open the lesson: ${lessonUrl}`,
      `Everything your coach assigned is at the top of your learning hub: ${learningUrl}`,
    ].join("\n\n"),
  Body: ({ name, coachName, lessonTitle, moduleTitle, due, note, updated, lessonUrl, learningUrl }) => (
    <>
      <Heading>{updated ? "Your assigned lesson was updated" : "A lesson from your coach"}</Heading>
      <Paragraph>
        {greeting(name)} {coachName} {updated ? "updated a lesson they assigned you" : "assigned you a lesson"}.
      </Paragraph>
      <Details
        rows={[
          ["Lesson", lessonTitle],
          ["Module", moduleTitle],
          ["Due", due ?? "No due date"],
        ]}
      />
      {note ? (
        <>
          <Paragraph>{coachName}&apos;s note:</Paragraph>
          <Quote>{note}</Quote>
        </>
      ) : null}
      <Button href={lessonUrl}>Open the lesson</Button>
      <LinkFallback href={lessonUrl} />
      <Paragraph>
        Everything your coach assigned is at the top of <a href={learningUrl}>your learning hub</a>.
      </Paragraph>
    </>
  ),
});
