import { BOOKING_REASON, BookingDetails, detailText, type BookingEmailProps } from "./booking-parts";
import { defineEmail } from "./define";
import { Button, Heading, Paragraph } from "./layout";

type Props = BookingEmailProps & {
  /** What happens to the money or the credit, for the client: "Your payment of A$150.00 will be refunded …". */
  outcome: string | null;
  /** Where to book again. */
  bookAgainUrl: string;
};

/** A booking was cancelled: to both, with the calendar cancellation attached. */
export const bookingCancellationEmail = defineEmail<Props>({
  category: "transactional",
  subject: (props) => `Cancelled: ${props.typeName} on ${props.when}`,
  reason: BOOKING_REASON,
  text: (props) =>
    [
      `Hi ${props.recipientName},`,
      `This ${props.typeName} has been cancelled.`,
      detailText(props),
      ...(props.outcome ? [props.outcome] : []),
      ...(props.audience === "client" ? [`Book another time: ${props.bookAgainUrl}`] : []),
      "The attached calendar update removes it from your calendar.",
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>Your booking has been cancelled</Heading>
      <Paragraph>Hi {props.recipientName},</Paragraph>
      <Paragraph>This {props.typeName} has been cancelled. The attached calendar update removes it from your calendar.</Paragraph>
      <BookingDetails props={props} />
      {props.outcome ? <Paragraph>{props.outcome}</Paragraph> : null}
      {props.audience === "client" ? <Button href={props.bookAgainUrl}>Book another time</Button> : null}
    </>
  ),
});
