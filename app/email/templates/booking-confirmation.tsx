import { BOOKING_REASON, BookingDetails, CalendarLinks, joinWords, ManageLinks, detailText, linkText, type BookingEmailProps } from "./booking-parts";
import { defineEmail } from "./define";
import { Button, Heading, Paragraph, Quote } from "./layout";

/** A booking is confirmed: to the client (their zone, manage link) and the coach (their zone), with the invitation attached. */
export const bookingConfirmationEmail = defineEmail<BookingEmailProps>({
  category: "transactional",
  subject: (props) =>
    props.audience === "client" ? `Confirmed: your ${props.typeName} on ${props.when}` : `New booking: ${props.typeName} with ${props.withName}`,
  preview: (props) => `${props.typeName}, ${props.when}. Join online at ${props.meetingUrl}`,
  reason: BOOKING_REASON,
  text: (props) =>
    [
      `Hi ${props.recipientName},`,
      props.audience === "client" ? `Your ${props.typeName} is confirmed.` : `${props.withName} has booked a ${props.typeName} with you.`,
      detailText(props),
      ...(props.audience === "coach" && props.notes ? [`Notes from the client:\n${props.notes}`] : []),
      linkText(props).join("\n"),
      "The calendar invitation is attached.",
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>{props.audience === "client" ? "Your booking is confirmed" : "You have a new booking"}</Heading>
      <Paragraph>Hi {props.recipientName},</Paragraph>
      <Paragraph>
        {props.audience === "client" ? `Your ${props.typeName} is confirmed.` : `${props.withName} has booked a ${props.typeName} with you.`}
      </Paragraph>
      <BookingDetails props={props} />
      {props.audience === "coach" && props.notes ? <Quote>{props.notes}</Quote> : null}
      <Button href={props.signInUrl ?? props.meetingUrl}>Join the video meeting</Button>
      <Paragraph>{joinWords(props)}</Paragraph>
      <CalendarLinks props={props} />
      <ManageLinks props={props} />
    </>
  ),
});
