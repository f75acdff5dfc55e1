import { describe, expect, test } from "vitest";
import { isPayingStatus, planMrrCents, subscriptionMrrCents } from "~/billing/mrr";
import type { PlanSettings } from "~/billing/plans";

// MRR excluding GST: the plan's price less its GST (one eleventh), a yearly plan a twelfth of it.

const SETTINGS: PlanSettings = {
  monthlyAud: { lite: 49, pro: 149 },
  annualMonths: 10,
  dailyMessages: { lite: 20, pro: 100 },
  monthlyEscalations: 2,
  graceDays: 7,
};

describe("planMrrCents", () => {
  test("a monthly plan is its price less GST", () => {
    expect(planMrrCents(SETTINGS, "pro", "month")).toBe(14_900 - 1_355);
    expect(planMrrCents(SETTINGS, "lite", "month")).toBe(4_900 - 445);
  });

  test("a yearly plan is a twelfth of its price less GST, rounded to the cent", () => {
    // A$1,490 a year: GST A$135.45, A$1,354.55 ex GST, A$112.879… a month.
    expect(planMrrCents(SETTINGS, "pro", "year")).toBe(11_288);
    // A$490 a year: GST A$44.55, A$445.45 ex GST, A$37.120… a month.
    expect(planMrrCents(SETTINGS, "lite", "year")).toBe(3_712);
  });
});

describe("subscriptionMrrCents", () => {
  test("active and past due subscriptions pay; the others count nothing", () => {
    for (const status of ["active", "past_due"]) expect(subscriptionMrrCents(SETTINGS, { status, tier: "pro", interval: "month" })).toBe(13_545);
    for (const status of ["trialing", "canceled", "unpaid", "paused", "incomplete", "incomplete_expired"]) {
      expect(isPayingStatus(status)).toBe(false);
      expect(subscriptionMrrCents(SETTINGS, { status, tier: "pro", interval: "month" })).toBe(0);
    }
  });

  test("a subscription whose plan is unknown counts nothing", () => {
    expect(subscriptionMrrCents(SETTINGS, { status: "active", tier: null, interval: "month" })).toBe(0);
    expect(subscriptionMrrCents(SETTINGS, { status: "active", tier: "lite", interval: null })).toBe(0);
  });
});
