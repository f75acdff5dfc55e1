import { BOOKING_REASON, BookingDetails, detailText, type BookingEmailProps } from "./booking-parts";
import { defineEmail } from "./define";
import { Button, Heading, Paragraph, Quote } from "./layout";
import { firstNameOf, greeting, inSentence } from "./shared";

type Props = BookingEmailProps & {
  /** What happens to the money or the credit, for the client: "Your payment of A$150.00 will be refunded …". */
  outcome: string | null;
  /** The reason the client gave when they cancelled, for the coach (null for the client, or when none was given). */
  reason: string | null;
  /** Where to book again. */
  bookAgainUrl: string;
};

const reasonLabel = (props: Props) => `Reason given by ${firstNameOf(props.withName) ?? "the client"}:`;

/** A booking was cancelled: to both, with the calendar cancellation attached. */
export const bookingCancellationEmail = defineEmail<Props>({
  category: "transactional",
  subject: (props) =>
    props.audience === "client"
      ? `Cancelled: your ${inSentence(props.typeName)} on ${props.when}`
      : `Cancelled: ${inSentence(props.typeName)} with ${props.withName} on ${props.when}`,
  reason: BOOKING_REASON,
  text: (props) =>
    [
      greeting(props.recipientName),
      `This ${inSentence(props.typeName)} has been cancelled.`,
      detailText(props),
      ...(props.reason ? [`${reasonLabel(props)} ${props.reason}`] : []),
      ...(props.outcome ? [props.outcome] : []),
      ...(props.audience === "client" ? [`Book another time: ${props.bookAgainUrl}`] : []),
      "The attached calendar update removes it from your calendar.",
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>Your booking has been cancelled</Heading>
      <Paragraph>{greeting(props.recipientName)}</Paragraph>
      <Paragraph>This {inSentence(props.typeName)} has been cancelled. The attached calendar update removes it from your calendar.</Paragraph>
      <BookingDetails props={props} />
      {props.reason ? (
        <>
          <Paragraph>{reasonLabel(props)}</Paragraph>
          <Quote>{props.reason}</Quote>
        </>
      ) : null}
      {props.outcome ? <Paragraph>{props.outcome}</Paragraph> : null}
      {props.audience === "client" ? <Button href={props.bookAgainUrl}>Book another time</Button> : null}
    </>
  ),
});
