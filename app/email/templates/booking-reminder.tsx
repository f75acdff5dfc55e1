import { BOOKING_REASON, BookingDetails, CalendarLinks, joinWords, detailText, linkText, type BookingEmailProps } from "./booking-parts";
import { defineEmail } from "./define";
import { BRAND, Button, Heading, Paragraph } from "./layout";
import { greeting, inSentence } from "./shared";

type Props = BookingEmailProps & { /** Sent 24 hours or 1 hour before the start. */ lead: "24h" | "1h" };

const starts = (props: Props) => (props.lead === "1h" ? "starts in about an hour" : "is in 24 hours");

/** A reminder 24 hours and 1 hour before a booking. */
export const bookingReminderEmail = defineEmail<Props>({
  category: "transactional",
  subject: (props) => `Reminder: your ${inSentence(props.typeName)} ${starts(props)} (${props.when})`,
  reason: BOOKING_REASON,
  text: (props) =>
    [
      greeting(props.recipientName),
      `Your ${inSentence(props.typeName)} with ${props.withName} ${starts(props)}.`,
      detailText(props),
      linkText(props).join("\n"),
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>
        Your {inSentence(props.typeName)} {starts(props)}
      </Heading>
      <Paragraph>{greeting(props.recipientName)}</Paragraph>
      <Paragraph>A quick reminder of your session with {props.withName}.</Paragraph>
      <BookingDetails props={props} />
      <Button href={props.signInUrl ?? props.meetingUrl}>Join the video meeting</Button>
      <Paragraph>{joinWords(props)}</Paragraph>
      {props.lead === "24h" ? <CalendarLinks props={props} /> : null}
      {props.manageUrl ? (
        <Paragraph>
          Can&apos;t make it?{" "}
          <a href={props.manageUrl} style={{ color: BRAND.teal }}>
            Reschedule or cancel
          </a>{" "}
          so your coach knows.
        </Paragraph>
      ) : null}
    </>
  ),
});
