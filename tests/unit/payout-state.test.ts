import { expect, test } from "vitest";
import { heldReasonOf, stateOfAccount } from "~/coach-network/payout-state";

// A Stripe Connect account's onboarding state, read as the payouts page explains it.

const NEW_ACCOUNT = {
  details_submitted: false,
  payouts_enabled: false,
  capabilities: { transfers: "inactive" },
  requirements: { currently_due: ["external_account"], past_due: ["external_account"], pending_verification: [], disabled_reason: "requirements.past_due" },
};

test("an account whose form isn't finished needs details, whatever else Stripe says", () => {
  expect(stateOfAccount(NEW_ACCOUNT)).toBe("details_needed");
  expect(stateOfAccount({})).toBe("details_needed");
});

test("submitted and being checked is pending verification", () => {
  expect(
    stateOfAccount({
      details_submitted: true,
      payouts_enabled: false,
      capabilities: { transfers: "pending" },
      requirements: {
        currently_due: [],
        past_due: [],
        pending_verification: ["individual.verification.document"],
        disabled_reason: "requirements.pending_verification",
      },
    }),
  ).toBe("pending_verification");
});

test("payouts enabled with transfers active and nothing overdue is active", () => {
  expect(
    stateOfAccount({
      details_submitted: true,
      payouts_enabled: true,
      capabilities: { transfers: "active" },
      requirements: { currently_due: [], past_due: [], pending_verification: [], disabled_reason: null },
    }),
  ).toBe("active");
});

test("overdue details, a rejection, or payouts switched off with details due are restricted", () => {
  const submitted = { details_submitted: true, capabilities: { transfers: "inactive" } };
  expect(
    stateOfAccount({
      ...submitted,
      payouts_enabled: false,
      requirements: { past_due: ["individual.verification.document"], disabled_reason: "requirements.past_due" },
    }),
  ).toBe("restricted");
  expect(stateOfAccount({ ...submitted, payouts_enabled: false, requirements: { disabled_reason: "rejected.fraud" } })).toBe("restricted");
  expect(stateOfAccount({ ...submitted, payouts_enabled: false, requirements: { currently_due: ["external_account"] } })).toBe("restricted");
  // Payouts on but something overdue: not active.
  expect(
    stateOfAccount({ details_submitted: true, payouts_enabled: true, capabilities: { transfers: "active" }, requirements: { past_due: ["company.tax_id"] } }),
  ).toBe("restricted");
});

test("a payout is held for a missing ABN first, then for an account that isn't active", () => {
  expect(heldReasonOf(null, "active")).toBe("abn_unconfirmed");
  expect(heldReasonOf(null, null)).toBe("abn_unconfirmed");
  expect(heldReasonOf("2026-11-01T00:00:00.000Z", "pending_verification")).toBe("account_not_active");
  expect(heldReasonOf("2026-11-01T00:00:00.000Z", "active")).toBeNull();
});
