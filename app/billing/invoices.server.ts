import type Stripe from "stripe";
import type { billingInvoices } from "~/db/schema";
import { gstIncludedCents } from "./plans";
import { isoFromSeconds } from "./sync.server";

// Stripe invoices as the Billing tab keeps them (billing_invoices), for GST tax invoices.

/** The GST in an invoice: Stripe's tax amounts when it calculated tax, else 1/11 of the GST-inclusive total. */
export function gstOf(invoice: Pick<Stripe.Invoice, "total" | "total_taxes">): number {
  const taxes = invoice.total_taxes ?? [];
  if (taxes.length) return taxes.reduce((sum, tax) => sum + tax.amount, 0);
  return gstIncludedCents(invoice.total);
}

export function invoiceDescription(invoice: Stripe.Invoice): string {
  const lines = invoice.lines?.data ?? [];
  return invoice.description ?? lines.map((line) => line.description).find((d): d is string => Boolean(d)) ?? "ClarityAI subscription";
}

export function invoiceRow(invoice: Stripe.Invoice, userId: string, customerId: string): typeof billingInvoices.$inferInsert {
  return {
    id: invoice.id,
    userId,
    stripeCustomerId: customerId,
    number: invoice.number,
    status: invoice.status ?? "draft",
    currency: invoice.currency,
    totalCents: invoice.total,
    taxCents: gstOf(invoice),
    description: invoiceDescription(invoice),
    periodStart: isoFromSeconds(invoice.lines?.data[0]?.period?.start ?? invoice.period_start),
    periodEnd: isoFromSeconds(invoice.lines?.data[0]?.period?.end ?? invoice.period_end),
    paidAt: isoFromSeconds(invoice.status_transitions?.paid_at),
    createdAt: isoFromSeconds(invoice.created) ?? new Date().toISOString(),
  };
}
