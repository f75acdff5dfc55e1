import { divideRounded, toCents } from "./money";

// The pricing calculator: what one unit (a product, a job, an hour) costs the business, and the gross
// margin the owner wants to keep → the price before GST, the GST and the GST-inclusive price, to the
// cent. Margin is on the selling price (profit ÷ price ex GST), not a markup on cost: a 40 % margin on
// a $60 cost is a $100 price, where a 40 % markup would be $84.
//
// Rounding, stated once: the ex-GST price is cost ÷ (1 − margin) rounded to the nearest cent; the GST
// is 10 % of that rounded to the nearest cent; the GST-inclusive price is their sum. Half a cent rounds
// up (away from zero), as the ATO rounds GST. Everything is calculated in whole cents and basis points.

export const GST_RATE_PERCENT = 10;
export const MAX_MARGIN_PERCENT = 95;

export type PricingCost = { label: string; amount: number };

/** The calculator's answers as stored (dollars, per cent). */
export type PricingAnswers = {
  /** What is being priced ("a bathroom renovation", "one hour of bookkeeping"). */
  item: string;
  costs: PricingCost[];
  targetMarginPercent: number;
  /** Registered for GST: the price carries 10 % GST. Not registered: no GST is charged. */
  gstRegistered: boolean;
};

export type PricingResult = {
  costCents: number;
  priceExGstCents: number;
  gstCents: number;
  priceIncGstCents: number;
  /** Gross profit per unit, ex GST. */
  profitCents: number;
  /** The margin the rounded price actually gives, and the markup on cost, in per cent (2 decimal places). */
  marginPercent: number;
  markupPercent: number | null;
};

export const DEFAULT_COST_LINES = ["Materials or stock", "Direct labour (wages and on-costs)", "Other direct costs (freight, fees, consumables)"];

export function blankPricing(): PricingAnswers {
  return { item: "", costs: DEFAULT_COST_LINES.map((label) => ({ label, amount: 0 })), targetMarginPercent: 40, gstRegistered: true };
}

const percent = (numerator: number, denominator: number) => divideRounded(numerator * 10_000, denominator) / 100;

export function calculatePricing(answers: PricingAnswers): PricingResult {
  const costCents = answers.costs.reduce((total, cost) => total + toCents(cost.amount), 0);
  const marginBasisPoints = Math.round(answers.targetMarginPercent * 100);
  const priceExGstCents = divideRounded(costCents * 10_000, 10_000 - marginBasisPoints);
  const gstCents = answers.gstRegistered ? divideRounded(priceExGstCents * GST_RATE_PERCENT, 100) : 0;
  const profitCents = priceExGstCents - costCents;
  return {
    costCents,
    priceExGstCents,
    gstCents,
    priceIncGstCents: priceExGstCents + gstCents,
    profitCents,
    marginPercent: priceExGstCents > 0 ? percent(profitCents, priceExGstCents) : 0,
    markupPercent: costCents > 0 ? percent(profitCents, costCents) : null,
  };
}
