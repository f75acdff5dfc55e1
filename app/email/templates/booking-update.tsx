import { BOOKING_REASON, BookingDetails, CalendarLinks, joinWords, ManageLinks, detailText, linkText, type BookingEmailProps } from "./booking-parts";
import { defineEmail } from "./define";
import { Button, Heading, Paragraph } from "./layout";
import { greeting, inSentence } from "./shared";

type Props = BookingEmailProps & { /** The time it was booked for before, in the reader's zone. */ previousWhen: string | null };

const whose = (props: Props) =>
  props.audience === "client" ? `Your ${inSentence(props.typeName)}` : `Your ${inSentence(props.typeName)} with ${props.withName}`;

/** A booking moved to another time: the new time, with the updated invitation attached. */
export const bookingUpdateEmail = defineEmail<Props>({
  category: "transactional",
  subject: (props) =>
    props.audience === "client"
      ? `Rescheduled: your ${inSentence(props.typeName)} is now on ${props.when}`
      : `Rescheduled: ${inSentence(props.typeName)} with ${props.withName}, now on ${props.when}`,
  reason: BOOKING_REASON,
  text: (props) =>
    [
      greeting(props.recipientName),
      `${whose(props)} has a new time.`,
      detailText(props, props.previousWhen ? [["Was", props.previousWhen]] : []),
      linkText(props).join("\n"),
      "The updated calendar invitation is attached.",
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>Your booking has a new time</Heading>
      <Paragraph>{greeting(props.recipientName)}</Paragraph>
      <Paragraph>{whose(props)} has moved. Your calendar updates from the attached invitation.</Paragraph>
      <BookingDetails props={props} extra={props.previousWhen ? [["Was", props.previousWhen]] : []} />
      <Button href={props.signInUrl ?? props.meetingUrl}>Join the video meeting</Button>
      <Paragraph>{joinWords(props)}</Paragraph>
      <CalendarLinks props={props} />
      <ManageLinks props={props} />
    </>
  ),
});
