import { defineEmail } from "./define";
import { Button, Details, Heading, LinkFallback, Paragraph, Quote } from "./layout";
import { greeting, inSentence } from "./shared";

type Props = {
  recipientName: string;
  typeName: string;
  reference: string;
  /** When the session is, in the client's zone: unchanged by the handover. */
  when: string;
  previousCoachName: string;
  newCoachName: string;
  meetingUrl: string;
  /** The booking's signed manage link: another time with the new coach, or cancel. */
  manageUrl: string;
};

/** A client's session handed over to another coach: same time and room, the new coach's name, and an easy way to choose another time. */
export const coachHandoverEmail = defineEmail<Props>({
  category: "transactional",
  subject: (props) => `Your ${inSentence(props.typeName)} on ${props.when} is now with ${props.newCoachName}`,
  reason: () => "You're receiving this because you have a session booked with ClarityAI Coaching.",
  text: (props) =>
    [
      greeting(props.recipientName),
      `${props.previousCoachName} is no longer able to coach your ${inSentence(props.typeName)}, so ${props.newCoachName} will take it instead. The time and the video meeting link stay the same.`,
      `When: ${props.when}\nCoach: ${props.newCoachName}\nReference: ${props.reference}`,
      `Join the video meeting: ${props.meetingUrl}`,
      `If the time no longer suits you, or you'd rather not go ahead, choose another time or cancel (no fee): ${props.manageUrl}`,
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>Your session has a new coach</Heading>
      <Paragraph>{greeting(props.recipientName)}</Paragraph>
      <Paragraph>
        {props.previousCoachName} is no longer able to coach your {inSentence(props.typeName)}, so {props.newCoachName} will take it instead. The time and the
        video meeting link stay the same.
      </Paragraph>
      <Details
        rows={[
          ["When", props.when],
          ["Coach", props.newCoachName],
          ["Reference", props.reference],
        ]}
      />
      <Button href={props.manageUrl}>Choose another time or cancel</Button>
      <LinkFallback href={props.manageUrl} />
      <Paragraph>
        Happy with the time? There&apos;s nothing to do: <a href={props.meetingUrl}>join the video meeting</a> when it&apos;s time.
      </Paragraph>
    </>
  ),
});

type ReceivedProps = {
  coachName: string;
  previousCoachName: string;
  /** Each session: "Thursday 3 December 2026, 9:30 am AEDT — 60-minute virtual session with Alex Nguyen", in the coach's zone. */
  sessions: string[];
  portalUrl: string;
};

/** The coach taking over: the sessions now on their calendar. */
export const coachHandoverReceivedEmail = defineEmail<ReceivedProps>({
  category: "transactional",
  subject: (props) => `${props.sessions.length === 1 ? "A session has" : `${props.sessions.length} sessions have`} been handed over to you`,
  reason: () => "You're receiving this because you coach with ClarityAI Coaching.",
  text: (props) =>
    [
      greeting(props.coachName),
      `These sessions of ${props.previousCoachName}'s are now yours. Each client has been told, with a link to choose another time if it no longer suits them.`,
      props.sessions.map((line) => `- ${line}`).join("\n"),
      `See them in your portal: ${props.portalUrl}`,
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>Sessions handed over to you</Heading>
      <Paragraph>{greeting(props.coachName)}</Paragraph>
      <Paragraph>
        These sessions of {props.previousCoachName}&apos;s are now yours. Each client has been told, with a link to choose another time if it no longer suits
        them.
      </Paragraph>
      <Quote>{props.sessions.join("\n")}</Quote>
      <Button href={props.portalUrl}>Open your sessions</Button>
    </>
  ),
});
