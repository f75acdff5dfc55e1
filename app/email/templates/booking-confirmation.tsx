import { BOOKING_REASON, BookingDetails, CalendarLinks, joinWords, ManageLinks, detailText, linkText, type BookingEmailProps } from "./booking-parts";
import { defineEmail } from "./define";
import { Button, Heading, Paragraph, Quote } from "./layout";
import { greeting, inSentence } from "./shared";

const lead = (props: BookingEmailProps) =>
  props.audience === "client" ? `Your ${inSentence(props.typeName)} is confirmed.` : `${props.withName} has booked a ${inSentence(props.typeName)} with you.`;

/** A booking is confirmed: to the client (their zone, manage link) and the coach (their zone), with the invitation attached. */
export const bookingConfirmationEmail = defineEmail<BookingEmailProps>({
  category: "transactional",
  subject: (props) =>
    props.audience === "client"
      ? `Confirmed: your ${inSentence(props.typeName)} on ${props.when}`
      : `New booking: ${inSentence(props.typeName)} with ${props.withName}`,
  preview: (props) => `${props.typeName}, ${props.when}. Online, in your browser.`,
  reason: BOOKING_REASON,
  text: (props) =>
    [
      greeting(props.recipientName),
      lead(props),
      detailText(props),
      ...(props.audience === "coach" && props.notes ? [`Notes from the client:\n${props.notes}`] : []),
      linkText(props).join("\n"),
      "The calendar invitation is attached.",
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>{props.audience === "client" ? "Your booking is confirmed" : "You have a new booking"}</Heading>
      <Paragraph>{greeting(props.recipientName)}</Paragraph>
      <Paragraph>{lead(props)}</Paragraph>
      <BookingDetails props={props} />
      {props.audience === "coach" && props.notes ? <Quote>{props.notes}</Quote> : null}
      <Button href={props.signInUrl ?? props.meetingUrl}>Join the video meeting</Button>
      <Paragraph>{joinWords(props)}</Paragraph>
      <CalendarLinks props={props} />
      <ManageLinks props={props} />
    </>
  ),
});
