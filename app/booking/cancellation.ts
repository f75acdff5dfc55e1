import { formatCents } from "~/billing/describe";
import { canChangeFreely, CANCELLATION_NOTICE_HOURS, LATE_CANCELLATION_REFUND } from "./policy";

// What cancelling a booking does to the money or the credit, under the policy (./policy.ts), in one
// place: the cancellation itself (bookings.server.ts), the manage page's confirmation (said before
// anyone cancels) and the cancellation email (said after) all read it from here.

/**
 * "nothing-paid": a free session. "refund": the card payment is refunded. "credit-returned": the
 * package credit goes back. "no-refund" / "credit-kept": a client's late cancellation.
 */
export type CancellationTerms = "nothing-paid" | "refund" | "credit-returned" | "no-refund" | "credit-kept";

export const CANCELLATION_TERMS: readonly CancellationTerms[] = ["nothing-paid", "refund", "credit-returned", "no-refund", "credit-kept"];

/**
 * Whether a cancellation gives the money or the credit back: always when the coach, an admin or
 * the system cancels; when the client does, only with CANCELLATION_NOTICE_HOURS' notice (or if
 * LATE_CANCELLATION_REFUND says so).
 */
export function cancellationRefundable(booking: { startsAt: string }, by: { business: boolean }, at: Date): boolean {
  return by.business || canChangeFreely(booking, at) || LATE_CANCELLATION_REFUND;
}

/** The terms of cancelling this booking, by whom and when. */
export function cancellationTerms(
  booking: { startsAt: string; paymentMethod: "free" | "card" | "credit" },
  by: { business: boolean },
  at: Date,
): CancellationTerms {
  if (booking.paymentMethod === "free") return "nothing-paid";
  const refundable = cancellationRefundable(booking, by, at);
  if (booking.paymentMethod === "credit") return refundable ? "credit-returned" : "credit-kept";
  return refundable ? "refund" : "no-refund";
}

const REFUND_TIMING = "Refunds usually arrive within 5 to 10 business days.";

/**
 * The terms in words for the client: "before" on the confirmation they agree to ("will be refunded"),
 * "after" in the email once it is done ("has been returned"). `amountCents` is what a refund
 * gives back (or what is kept). Null when there is nothing to say (a free session, after).
 */
export function cancellationTermsText(terms: CancellationTerms, options: { amountCents: number; when: "before" | "after" }): string | null {
  const amount = formatCents(options.amountCents);
  const before = options.when === "before";
  const late = before
    ? `It's now less than ${CANCELLATION_NOTICE_HOURS} hours before the start, so`
    : `As the booking was cancelled less than ${CANCELLATION_NOTICE_HOURS} hours before the start,`;
  switch (terms) {
    case "nothing-paid":
      return before ? "This session is free, so there's nothing to refund. Your coach will be told you can't make it." : null;
    case "refund":
      if (options.amountCents <= 0) return "This session's payment has already been refunded.";
      return `Your payment of ${amount} will be refunded in full to the card you paid with${before ? " as soon as you cancel" : ""}. ${REFUND_TIMING}`;
    case "credit-returned":
      return before
        ? "The package credit you used will be returned at once, so you can use it to book another session."
        : "Your package credit has been returned: you can use it to book another session.";
    case "no-refund":
      return before ? `${late} your payment of ${amount} won't be refunded.` : `${late} the payment of ${amount} isn't refunded.`;
    case "credit-kept":
      return before ? `${late} the package credit you used won't be returned.` : `${late} the package credit isn't returned.`;
  }
}
