import { formatCents } from "~/billing/describe";
import { formatDate } from "~/utils/format";
import { defineEmail } from "./define";
import { Button, Details, Heading, LinkFallback, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON } from "./shared";

type PaymentFailedProps = {
  planName: string;
  /** The unpaid amount in cents (AUD, GST included), when known. */
  amountCents: number | null;
  /** When access ends unless the payment goes through (ISO timestamp). */
  graceEndsAt: string;
  manageBillingUrl: string;
};

const amountText = (cents: number | null) => (cents === null ? null : `${formatCents(cents)} (incl. GST)`);

/** A renewal payment failed: access continues through the grace period, and how to fix it. */
export const paymentFailedEmail = defineEmail<PaymentFailedProps>({
  category: "transactional",
  subject: ({ planName }) => `Action needed: your ${planName} payment didn't go through`,
  preview: ({ graceEndsAt }) => `Your access continues until ${formatDate(graceEndsAt)} while you update your payment details.`,
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ planName, amountCents, graceEndsAt, manageBillingUrl }) =>
    [
      `We couldn't take the renewal payment${amountCents === null ? "" : ` of ${amountText(amountCents)}`} for your ${planName} subscription.`,
      `Your access continues until ${formatDate(graceEndsAt)}. To keep it after that, update your payment details in Manage billing: ${manageBillingUrl}`,
      "If the payment goes through before then, there's nothing more to do.",
    ].join("\n\n"),
  Body: ({ planName, amountCents, graceEndsAt, manageBillingUrl }) => (
    <>
      <Heading>Your payment didn&apos;t go through</Heading>
      <Paragraph>We couldn&apos;t take the renewal payment for your {planName} subscription.</Paragraph>
      <Details
        rows={[
          ["Plan", planName],
          ...(amountCents === null ? [] : ([["Amount due", amountText(amountCents)]] as [string, string | null][])),
          ["Access continues until", formatDate(graceEndsAt)],
        ]}
      />
      <Paragraph>
        To keep your access after that date, update your payment details in Manage billing. If the payment goes through before then, there&apos;s nothing more
        to do.
      </Paragraph>
      <Button href={manageBillingUrl}>Manage billing</Button>
      <LinkFallback href={manageBillingUrl} />
    </>
  ),
});
