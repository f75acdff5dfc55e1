import { formatAud, formatDate } from "~/utils/format";
import type { BillingInterval } from "./plans";

// Wording shared by the pages that describe a plan: "ClarityAI Pro, monthly, A$149 incl. GST".

/** "A$49": a price in whole (or part) Australian dollars, as the plans show it. */
export function audPrice(amount: number): string {
  return `A${formatAud(amount)}`;
}

const audCents = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** "A$149.00": an amount in cents, to the cent, as invoices and payment pages show it. */
export function formatCents(cents: number): string {
  return `A${audCents.format(cents / 100)}`;
}

export function priceIncGst(amountCents: number): string {
  return `${audPrice(amountCents / 100)} incl. GST`;
}

export function intervalWord(interval: BillingInterval): string {
  return interval === "year" ? "annual" : "monthly";
}

export function planLine(plan: { planName: string; interval: BillingInterval; amountCents: number }): string {
  return `${plan.planName}, ${intervalWord(plan.interval)}, ${priceIncGst(plan.amountCents)}`;
}

/** "renews on 15 March 2031", or "ends on …" once it is set to cancel; null without a period end. */
export function periodEndPhrase(plan: { currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean }): string | null {
  if (!plan.currentPeriodEnd) return null;
  return `${plan.cancelAtPeriodEnd ? "ends" : "renews"} on ${formatDate(plan.currentPeriodEnd)}`;
}
