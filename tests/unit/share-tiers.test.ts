import { expect, test } from "vitest";
import { COACH_AGREEMENT } from "~/coach-network/agreements";
import {
  creditPriceCents,
  describeShareRange,
  describeShareTiers,
  lineAmounts,
  shareGstOf,
  shareRateFor,
  shareTierLines,
  shareTierRanges,
  SHARE_TIERS_DESCRIPTION,
  validateShareTiers,
} from "~/coach-network/share-tiers";

test("the Nth completed session's rate: 1–50 earn 85%, 51–150 earn 90%, 151 on earn 95%", () => {
  expect([1, 50, 51, 150, 151, 400].map((n) => shareRateFor(n))).toEqual([8500, 8500, 9000, 9000, 9500, 9500]);
});

test("a line from the price paid: GST a half-up eleventh, share a half-up rate of ex-GST, fee the rest", () => {
  // A$150: GST 13.64 (1363.63… → 1364), ex-GST 136.36, 85% = 115.906 → 115.91, fee 20.45.
  expect(lineAmounts(15_000, 8500)).toEqual({ grossCents: 15_000, gstCents: 1364, exGstCents: 13_636, shareCents: 11_591, feeCents: 2045 });
  // A half cent rounds up: ex-GST 1,001 at 50% is 500.5 → 501.
  expect(lineAmounts(1_101, 5000)).toMatchObject({ gstCents: 100, exGstCents: 1001, shareCents: 501, feeCents: 500 });
  // A reversal mirrors its line exactly.
  const line = lineAmounts(15_000, 9000);
  const reversal = lineAmounts(-15_000, 9000);
  expect(reversal).toEqual({
    grossCents: -line.grossCents,
    gstCents: -line.gstCents,
    exGstCents: -line.exGstCents,
    shareCents: -line.shareCents,
    feeCents: -line.feeCents,
  });
  expect(shareGstOf(11_591)).toBe(1159);
  expect(shareGstOf(11_595)).toBe(1160);
  expect(shareGstOf(-11_595)).toBe(-1160);
});

test("a package credit's price is the package price over its sessions, half up", () => {
  expect(creditPriceCents(56_000, 4)).toBe(14_000);
  expect(creditPriceCents(130_000, 3)).toBe(43_333);
  expect(creditPriceCents(100_001, 2)).toBe(50_001);
});

test("the tiers are described from the table for /become-coach", () => {
  expect(SHARE_TIERS_DESCRIPTION).toBe(
    "You keep 85% of each session's fee (excluding GST) to start, rising to 90% after 50 completed sessions and 95% after 150 completed sessions. The rate in force when a session is marked completed applies to it.",
  );
  expect(shareTierLines()).toEqual([
    "85% of each session's fee (excluding GST) for your first 50 completed sessions",
    "90% for sessions 51 to 150",
    "95% for session 151 onwards",
  ]);
  expect(describeShareTiers([{ after: 0, rateBp: 8000 }])).toBe(
    "You keep 80% of each session's fee (excluding GST) to start. The rate in force when a session is marked completed applies to it.",
  );
  expect(() => validateShareTiers([{ after: 10, rateBp: 8500 }])).toThrow(/start at 0/);
  expect(() =>
    validateShareTiers([
      { after: 0, rateBp: 8500 },
      { after: 0, rateBp: 9000 },
    ]),
  ).toThrow(/rise/);
});

test("the coach agreement and /become-coach's table state the tiers from the same table", () => {
  const revenueShare = COACH_AGREEMENT.find((section) => section.heading.includes("revenue share"))!;
  expect(revenueShare.paragraphs).toContain(SHARE_TIERS_DESCRIPTION);
  expect(shareTierRanges()).toEqual(["Your first 50", "Sessions 51 to 150", "From session 151"]);
  expect(describeShareRange()).toBe("85–95%");
  expect(describeShareRange([{ after: 0, rateBp: 8000 }])).toBe("80%");
  expect(shareTierRanges([{ after: 0, rateBp: 8000 }])).toEqual(["Every session"]);
});
