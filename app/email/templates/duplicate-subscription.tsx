import { formatCents } from "~/billing/describe";
import { defineEmail } from "./define";
import { Button, Details, Heading, LinkFallback, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON } from "./shared";

type DuplicateSubscriptionProps = {
  /** The subscription that carries on: "ClarityAI Lite (monthly)". */
  keptPlan: string;
  /** The one cancelled as a duplicate: "ClarityAI Pro (monthly)". */
  duplicatePlan: string;
  /** What was refunded, in cents (AUD, GST included); 0 when the duplicate had not been charged. */
  refundCents: number;
  manageBillingUrl: string;
};

const REFUND_TIMING = "Refunds usually reach your card in 5–10 business days, depending on your bank.";

function whatWeDid({ duplicatePlan, refundCents }: DuplicateSubscriptionProps): string {
  return refundCents > 0
    ? `We've cancelled the duplicate, ${duplicatePlan}, and refunded ${formatCents(refundCents)} (incl. GST) to the card you paid with.`
    : `We've cancelled the duplicate, ${duplicatePlan}, before it was charged, so there's nothing to refund.`;
}

/** Two subscription checkouts went through: the second was cancelled at once and its payment refunded. */
export const duplicateSubscriptionEmail = defineEmail<DuplicateSubscriptionProps>({
  category: "transactional",
  subject: ({ refundCents }) =>
    refundCents > 0 ? `You were charged twice: we've refunded ${formatCents(refundCents)}` : "We've cancelled a duplicate ClarityAI subscription",
  preview: ({ keptPlan }) => `Your ${keptPlan} subscription carries on as before.`,
  reason: ACCOUNT_ACTIVITY_REASON,
  text: (props) =>
    [
      `Sorry about this: two ClarityAI checkouts went through for your account a moment apart, so you were charged twice.`,
      whatWeDid(props),
      ...(props.refundCents > 0 ? [REFUND_TIMING] : []),
      `Your ${props.keptPlan} subscription carries on as before; there's nothing you need to do. To change your plan or see your invoices, open Manage billing: ${props.manageBillingUrl}`,
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>You were charged twice — we&apos;ve fixed it</Heading>
      <Paragraph>Sorry about this: two ClarityAI checkouts went through for your account a moment apart, so you were charged twice.</Paragraph>
      <Paragraph>{whatWeDid(props)}</Paragraph>
      <Details
        rows={[
          ["Carries on", props.keptPlan],
          ["Cancelled", props.duplicatePlan],
          ["Refunded", props.refundCents > 0 ? `${formatCents(props.refundCents)} (incl. GST)` : "Nothing was charged"],
        ]}
      />
      {props.refundCents > 0 ? <Paragraph>{REFUND_TIMING}</Paragraph> : null}
      <Paragraph>
        Your {props.keptPlan} subscription carries on as before; there&apos;s nothing you need to do. To change your plan or see your invoices, open Manage
        billing.
      </Paragraph>
      <Button href={props.manageBillingUrl}>Manage billing</Button>
      <LinkFallback href={props.manageBillingUrl} />
    </>
  ),
});
