import { defineEmail } from "./define";
import { Button, Heading, LinkFallback, Paragraph, Quote } from "./layout";
import { ACCOUNT_ACTIVITY_REASON, greeting } from "./shared";

type Props = {
  /** The client's first name, or null. */
  firstName: string | null;
  /** Their question as it was escalated; null once retention has cleared it. */
  question: string | null;
  /** The expert's reply, as typed. */
  reply: string;
  /** Where the client reads it in their conversation. */
  conversationUrl: string;
};

/** An expert's answer to a ClarityAI Pro subscriber's escalated question. */
export const escalationReplyEmail = defineEmail<Props>({
  category: "transactional",
  subject: () => "A ClarityAI expert has replied to your question",
  preview: ({ reply }) => (reply.length > 120 ? `${reply.slice(0, 117)}…` : reply),
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ firstName, question, reply, conversationUrl }) =>
    [
      greeting(firstName),
      "One of our human experts has reviewed the question you asked ClarityAI.",
      ...(question ? [`Your question:\n${question}`] : []),
      `Their reply:\n${reply}`,
      `The reply is also in your conversation with ClarityAI: ${conversationUrl}`,
      "This is general information, not financial, legal or tax advice. For advice about your situation, talk to a licensed adviser.",
    ].join("\n\n"),
  // The question and reply are typed text: React escapes them, and Quote keeps their line breaks.
  Body: ({ firstName, question, reply, conversationUrl }) => (
    <>
      <Heading>An expert has replied</Heading>
      <Paragraph>{greeting(firstName)}</Paragraph>
      <Paragraph>One of our human experts has reviewed the question you asked ClarityAI.</Paragraph>
      {question ? (
        <>
          <Paragraph>Your question:</Paragraph>
          <Quote>{question}</Quote>
        </>
      ) : null}
      <Paragraph>Their reply:</Paragraph>
      <Quote>{reply}</Quote>
      <Button href={conversationUrl}>Open your conversation</Button>
      <LinkFallback href={conversationUrl} />
      <Paragraph>This is general information, not financial, legal or tax advice. For advice about your situation, talk to a licensed adviser.</Paragraph>
    </>
  ),
});
