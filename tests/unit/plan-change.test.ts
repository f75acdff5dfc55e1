import { expect, test } from "vitest";
import { currentPlanOf, isUpgrade, prorationOf } from "~/billing/plans";

// The arithmetic of a plan switch (Stripe's create_prorations, to the second) and which plan a stored
// subscription holds for the plan cards.

const START = 1_800_000_000;
const MONTH = 30 * 86_400;
const period = { start: START, end: START + MONTH };

test("switching at the start of the period credits the whole old price and charges the whole new one", () => {
  expect(prorationOf(4_900, 14_900, period, START)).toEqual({ creditCents: 4_900, chargeCents: 14_900, netCents: 10_000 });
});

test("halfway through, half of each; a downgrade's net is a credit", () => {
  expect(prorationOf(4_900, 14_900, period, START + MONTH / 2)).toEqual({ creditCents: 2_450, chargeCents: 7_450, netCents: 5_000 });
  expect(prorationOf(14_900, 4_900, period, START + MONTH / 2)).toEqual({ creditCents: 7_450, chargeCents: 2_450, netCents: -5_000 });
});

test("at or after the period's end nothing is prorated, and a time before its start counts from the start", () => {
  expect(prorationOf(4_900, 14_900, period, START + MONTH)).toEqual({ creditCents: 0, chargeCents: 0, netCents: 0 });
  expect(prorationOf(4_900, 14_900, period, START - 100)).toEqual({ creditCents: 4_900, chargeCents: 14_900, netCents: 10_000 });
  expect(prorationOf(4_900, 14_900, { start: START, end: START }, START)).toEqual({ creditCents: 0, chargeCents: 0, netCents: 0 });
});

test("Lite → Pro is an upgrade, Pro → Lite is not", () => {
  expect(isUpgrade("lite", "pro")).toBe(true);
  expect(isUpgrade("pro", "lite")).toBe(false);
});

test("a running subscription holds its plan; past due can't be switched; cancelled or unknown holds none", () => {
  const row = { tier: "pro", status: "active", billingInterval: "month", currentPeriodEnd: "2031-03-15T02:00:00.000Z", cancelAtPeriodEnd: false };
  expect(currentPlanOf(row)).toEqual({
    tier: "pro",
    interval: "month",
    status: "active",
    currentPeriodEnd: "2031-03-15T02:00:00.000Z",
    cancelAtPeriodEnd: false,
    switchable: true,
  });
  expect(currentPlanOf({ ...row, status: "past_due" })).toMatchObject({ tier: "pro", switchable: false });
  expect(currentPlanOf({ ...row, status: "canceled" })).toBeNull();
  expect(currentPlanOf({ ...row, tier: null })).toBeNull();
  expect(currentPlanOf(null)).toBeNull();
});
