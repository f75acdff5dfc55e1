// The coach's revenue share and the rounding of every earnings line. Browser-safe (the public
// /become-coach page describes the tiers from this same table), no server imports.
//
// Tiers: `after` is how many completed paid sessions a coach must already have had for the tier to
// apply, so with the default table sessions 1–50 earn 85%, sessions 51–150 earn 90% and session 151
// on earns 95%. The tier is fixed when the session is marked completed (its ordinal among the coach's
// completed sessions then). Rates are in basis points (8500 = 85%) so the arithmetic stays in integers.

export type ShareTier = { after: number; rateBp: number };

/** The tiers in force (change them here; a change applies to sessions completed from then on). */
export const SHARE_TIERS: readonly ShareTier[] = [
  { after: 0, rateBp: 8500 },
  { after: 50, rateBp: 9000 },
  { after: 150, rateBp: 9500 },
];

/** Checks a tier table: starts at 0, `after` strictly rising, rates between 0% and 100%. */
export function validateShareTiers(tiers: readonly ShareTier[]): readonly ShareTier[] {
  if (!tiers.length || tiers[0]!.after !== 0) throw new Error("share tiers: the first tier must start at 0 sessions");
  tiers.forEach((tier, i) => {
    if (!Number.isInteger(tier.after) || tier.after < 0) throw new Error(`share tiers: tier ${i} has a bad session count`);
    if (!Number.isInteger(tier.rateBp) || tier.rateBp < 0 || tier.rateBp > 10_000) throw new Error(`share tiers: tier ${i} has a bad rate`);
    if (i > 0 && tier.after <= tiers[i - 1]!.after) throw new Error("share tiers: session counts must rise");
  });
  return tiers;
}

/** The share rate (basis points) of the coach's Nth completed session (N from 1). */
export function shareRateFor(ordinal: number, tiers: readonly ShareTier[] = SHARE_TIERS): number {
  let rate = tiers[0]!.rateBp;
  for (const tier of tiers) if (ordinal > tier.after) rate = tier.rateBp;
  return rate;
}

/** The same rule as an SQL CASE over an ordinal expression (the ordinal is counted inside the write's transaction). */
export function shareRateCaseSql(ordinalSql: string, tiers: readonly ShareTier[] = SHARE_TIERS): string {
  const branches = [...tiers]
    .reverse()
    .map((tier) => `WHEN ${ordinalSql} > ${Number(tier.after)} THEN ${Number(tier.rateBp)}`)
    .join(" ");
  return `(CASE ${branches} ELSE ${Number(tiers[0]!.rateBp)} END)`;
}

/** "85%", "92.5%". */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString("en-AU", { maximumFractionDigits: 2 })}%`;
}

/** The tiers as lines for a page: "85% for your first 50 sessions", "90% from session 51", … */
export function shareTierLines(tiers: readonly ShareTier[] = SHARE_TIERS): string[] {
  return tiers.map((tier, i) => {
    const next = tiers[i + 1];
    if (i === 0)
      return next
        ? `${formatRate(tier.rateBp)} of each session's fee (excluding GST) for your first ${next.after} completed sessions`
        : `${formatRate(tier.rateBp)} of each session's fee (excluding GST)`;
    const range = next ? `sessions ${tier.after + 1} to ${next.after}` : `session ${tier.after + 1} onwards`;
    return `${formatRate(tier.rateBp)} for ${range}`;
  });
}

/** Each tier's sessions for a table's row heading: "Your first 50", "Sessions 51 to 150", "From session 151". */
export function shareTierRanges(tiers: readonly ShareTier[] = SHARE_TIERS): string[] {
  return tiers.map((tier, i) => {
    const next = tiers[i + 1];
    if (i === 0) return next ? `Your first ${next.after}` : "Every session";
    return next ? `Sessions ${tier.after + 1} to ${next.after}` : `From session ${tier.after + 1}`;
  });
}

/** The lowest to the highest rate, for a headline: "85–95%" ("85%" with one tier). */
export function describeShareRange(tiers: readonly ShareTier[] = SHARE_TIERS): string {
  const rates = tiers.map((tier) => tier.rateBp);
  const low = Math.min(...rates);
  const high = Math.max(...rates);
  return low === high ? formatRate(low) : `${formatRate(low).replace("%", "")}–${formatRate(high)}`;
}

/** One sentence for /become-coach and the coach agreement. */
export function describeShareTiers(tiers: readonly ShareTier[] = SHARE_TIERS): string {
  const [first, ...rest] = tiers;
  if (!first) return "";
  const steps = rest.map((tier) => `${formatRate(tier.rateBp)} after ${tier.after} completed sessions`);
  const joined = steps.length > 1 ? `${steps.slice(0, -1).join(", ")} and ${steps.at(-1)}` : (steps[0] ?? "");
  return (
    `You keep ${formatRate(first.rateBp)} of each session's fee (excluding GST) to start` +
    (joined ? `, rising to ${joined}` : "") +
    ". The rate in force when a session is marked completed applies to it."
  );
}

/** The sentence above, for the default tiers. */
export const SHARE_TIERS_DESCRIPTION = describeShareTiers(SHARE_TIERS);

// ── Rounding ─────────────────────────────────────────────────────────────────────────────────────

/** Rounds a non-negative ratio a/b half up; a negative `a` rounds its magnitude (so a reversal mirrors its line). */
export function divideHalfUp(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  return sign * Math.floor((2 * magnitude + denominator) / (2 * denominator));
}

export type LineAmounts = { grossCents: number; gstCents: number; exGstCents: number; shareCents: number; feeCents: number };

/**
 * One earnings line from the price paid (GST included): GST = round-half-up(gross / 11);
 * ex-GST = gross − GST; share = round-half-up(ex-GST × rate); fee = ex-GST − share. Negative for a
 * reversal (the magnitudes round the same way, so a full reversal cancels its line exactly).
 */
export function lineAmounts(grossCents: number, rateBp: number): LineAmounts {
  const gstCents = divideHalfUp(grossCents, 11);
  const exGstCents = grossCents - gstCents;
  const shareCents = divideHalfUp(exGstCents * rateBp, 10_000);
  return { grossCents, gstCents, exGstCents, shareCents, feeCents: exGstCents - shareCents };
}

/** GST on the coach's share for a recipient-created tax invoice: round-half-up(share / 10), per line. */
export function shareGstOf(shareCents: number): number {
  return divideHalfUp(shareCents, 10);
}

/** The price paid for one session bought with a package credit: the package's price over its sessions, half up. */
export function creditPriceCents(packagePriceCents: number, sessions: number): number {
  return divideHalfUp(packagePriceCents, Math.max(1, sessions));
}

/** The rounding rule as the statement states it. */
export const ROUNDING_RULE =
  "Each line is worked out to the cent, rounding half a cent up: GST is one eleventh of the price paid; the price excluding GST is the price paid less its GST; your share is your rate of the price excluding GST; our fee is the rest. On a recipient-created tax invoice, GST on your share is one tenth of each line's share. Totals are the sums of the lines.";

/** How a package session's price is worked out, as the statement states it. */
export const CREDIT_PRICE_RULE = "A session paid with a package credit is priced at the package's price divided by its number of sessions.";
