import { formatCents } from "~/billing/describe";

// The amount an admin types for a refund ("50", "50.5", "A$1,200.00"), read as whole cents and
// checked against what is left to refund. A pure rule, shared by the form's action and its tests.

const AMOUNT_PATTERN = /^(?:A?\$)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/i;

export type RefundAmount = { ok: true; cents: number } | { ok: false; message: string };

/** The refund in cents, or why the typed amount can't be refunded (more than 0, at most `remainingCents`, whole cents). */
export function parseRefundAmount(input: string | null | undefined, remainingCents: number): RefundAmount {
  const text = (input ?? "").trim();
  if (!text) return { ok: false, message: "Enter the amount to refund." };
  if (text.startsWith("-")) return { ok: false, message: "The refund must be more than A$0.00." };
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return { ok: false, message: "Enter the amount in dollars and cents, like 50.00." };
  const [, dollars = "0", fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, message: "Use whole cents: no more than two digits after the point." };
  const cents = Number(dollars.replaceAll(",", "")) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return { ok: false, message: "Enter the amount in dollars and cents, like 50.00." };
  if (cents <= 0) return { ok: false, message: "The refund must be more than A$0.00." };
  if (cents > remainingCents) {
    return { ok: false, message: `The most you can refund is ${formatCents(remainingCents)}, what hasn't been refunded yet.` };
  }
  return { ok: true, cents };
}

/** Cents as the amount field shows them: "150.00". */
export function amountInput(cents: number): string {
  return (cents / 100).toFixed(2);
}
