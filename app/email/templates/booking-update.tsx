import { BOOKING_REASON, BookingDetails, CalendarLinks, ManageLinks, detailText, linkText, type BookingEmailProps } from "./booking-parts";
import { defineEmail } from "./define";
import { Button, Heading, Paragraph } from "./layout";

type Props = BookingEmailProps & { /** The time it was booked for before, in the reader's zone. */ previousWhen: string | null };

/** A booking moved to another time: the new time, with the updated invitation attached. */
export const bookingUpdateEmail = defineEmail<Props>({
  category: "transactional",
  subject: (props) => `Rescheduled: ${props.typeName} now on ${props.when}`,
  reason: BOOKING_REASON,
  text: (props) =>
    [
      `Hi ${props.recipientName},`,
      `Your ${props.typeName}${props.audience === "coach" ? ` with ${props.withName}` : ""} has a new time.`,
      detailText(props, props.previousWhen ? [["Was", props.previousWhen]] : []),
      linkText(props).join("\n"),
      "The updated calendar invitation is attached.",
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>Your booking has a new time</Heading>
      <Paragraph>Hi {props.recipientName},</Paragraph>
      <Paragraph>
        Your {props.typeName}
        {props.audience === "coach" ? ` with ${props.withName}` : ""} has moved. Your calendar updates from the attached invitation.
      </Paragraph>
      <BookingDetails props={props} extra={props.previousWhen ? [["Was", props.previousWhen]] : []} />
      <Button href={props.meetingUrl}>Join the video meeting</Button>
      <CalendarLinks props={props} />
      <ManageLinks props={props} />
    </>
  ),
});
