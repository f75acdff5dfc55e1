import { formatCents } from "~/billing/describe";
import { defineEmail } from "./define";
import { Button, Details, Heading, Paragraph } from "./layout";

type BookingRefundProps = {
  /** The client's first name, or their name as booked. */
  recipientName: string;
  /** What was paid for: "Paid session (booking K7P2QX)", "Package of 5 sessions". */
  paidFor: string;
  /** This refund, in cents (AUD, GST included). */
  amountCents: number;
  /** The payment it comes from, and what has been refunded of it so far, this refund included. */
  paidCents: number;
  refundedCents: number;
  creditNoteNumber: string;
  /** The credit note in the client's profile; null for a guest without an account. */
  creditNoteUrl: string | null;
};

export const REFUND_DESTINATION = "It goes back to the card you paid with.";
export const REFUND_TIMING = "Refunds usually reach your card in 5 to 10 business days, depending on your bank.";

function whatWeDid(props: BookingRefundProps): string {
  const amount = `${formatCents(props.amountCents)} (incl. GST)`;
  if (props.amountCents >= props.paidCents) return `We've refunded your payment of ${amount} for ${props.paidFor} in full.`;
  const ofPayment = `of your ${formatCents(props.paidCents)} payment for ${props.paidFor}`;
  return props.refundedCents >= props.paidCents
    ? `We've refunded the remaining ${amount} ${ofPayment}, so it's now refunded in full.`
    : `We've refunded ${amount} ${ofPayment}.`;
}

function rows(props: BookingRefundProps): [string, string][] {
  return [
    ["Refunded now", `${formatCents(props.amountCents)} (incl. GST)`],
    ["Refunded in total", `${formatCents(props.refundedCents)} of ${formatCents(props.paidCents)}`],
    ["Goes to", "The card you paid with"],
    ["Credit note", props.creditNoteNumber],
  ];
}

/** An admin refunded all or part of a booking's payment: to the client, once per refund. */
export const bookingRefundEmail = defineEmail<BookingRefundProps>({
  category: "transactional",
  subject: (props) => `We've refunded ${formatCents(props.amountCents)} to your card`,
  preview: () => `${REFUND_DESTINATION} ${REFUND_TIMING}`,
  reason: "You're receiving this because you paid ClarityAI Coaching for a session.",
  text: (props) =>
    [
      `Hi ${props.recipientName},`,
      whatWeDid(props),
      `${REFUND_DESTINATION} ${REFUND_TIMING}`,
      rows(props)
        .map(([label, value]) => `${label}: ${value}`)
        .join("\n"),
      props.creditNoteUrl
        ? `Your credit note ${props.creditNoteNumber} is in your profile, under Billing: ${props.creditNoteUrl}`
        : `Your credit note is ${props.creditNoteNumber}; reply to this email if you'd like a copy.`,
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>Your refund is on its way</Heading>
      <Paragraph>Hi {props.recipientName},</Paragraph>
      <Paragraph>{whatWeDid(props)}</Paragraph>
      <Paragraph>
        {REFUND_DESTINATION} {REFUND_TIMING}
      </Paragraph>
      <Details rows={rows(props)} />
      {props.creditNoteUrl ? (
        <Button href={props.creditNoteUrl}>View the credit note</Button>
      ) : (
        <Paragraph>Reply to this email if you&apos;d like a copy of the credit note.</Paragraph>
      )}
    </>
  ),
});
