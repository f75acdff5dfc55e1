import { describe, expect, test } from "vitest";
import { HIDDEN, redactedPayload, redactPersonalData } from "~/admin/redact";

// The one function that hides personal data in payloads shown to admins (/admin/attention).

const invoiceEvent = {
  id: "evt_1Q2w3E4r5T6y7U8i",
  type: "invoice.payment_failed",
  created: 1_764_300_000,
  data: {
    object: {
      id: "in_1Q2w3E",
      object: "invoice",
      customer: "cus_Q2w3E4r5",
      customer_email: "jane.citizen@example.com.au",
      customer_name: "Jane Citizen",
      customer_phone: "+61 412 345 678",
      customer_address: { line1: "1 George St", city: "Sydney", state: "NSW", postal_code: "2000", country: "AU" },
      amount_due: 4_900,
      status: "open",
      period_end: "2026-11-28T00:00:00.000Z",
      metadata: { userId: "7d3f0c2e-1b4a-4c8e-9f00-112233445566", note: "call me on 0412 345 678" },
      charge: { payment_method_details: { card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } } },
      lines: [{ description: "ClarityAI Pro (monthly)", amount: 4_900, billing_details: { name: "Jane Citizen", email: "jane@example.com" } }],
    },
  },
};

describe("redactPersonalData", () => {
  const redacted = redactPersonalData(invoiceEvent) as typeof invoiceEvent;
  const object = redacted.data.object;

  test("hides emails, names, phones and addresses by key", () => {
    expect(object.customer_email).toBe(HIDDEN);
    expect(object.customer_name).toBe(HIDDEN);
    expect(object.customer_phone).toBe(HIDDEN);
    expect(object.customer_address).toBe(HIDDEN);
    expect(object.lines[0]!.billing_details).toBe(HIDDEN);
  });

  test("hides card details", () => {
    expect(object.charge.payment_method_details).toBe(HIDDEN);
    expect(JSON.stringify(redacted)).not.toContain("4242");
  });

  test("hides an email address or phone number wherever it appears, whatever the key", () => {
    expect(object.metadata.note).toBe(HIDDEN);
    expect(redactPersonalData({ anything: "write to a.b@example.org please" })).toEqual({ anything: HIDDEN });
    expect(redactPersonalData(["(02) 9876 5432"])).toEqual([HIDDEN]);
  });

  test("keeps ids, amounts, statuses, types and times, so the admin can tell what it is", () => {
    expect(redacted.id).toBe(invoiceEvent.id);
    expect(redacted.type).toBe("invoice.payment_failed");
    expect(redacted.created).toBe(1_764_300_000);
    expect(object.customer).toBe("cus_Q2w3E4r5");
    expect(object.amount_due).toBe(4_900);
    expect(object.status).toBe("open");
    expect(object.period_end).toBe("2026-11-28T00:00:00.000Z");
    expect(object.metadata.userId).toBe("7d3f0c2e-1b4a-4c8e-9f00-112233445566");
    expect(object.lines[0]!.description).toBe("ClarityAI Pro (monthly)");
  });

  test("leaves the input unchanged", () => {
    expect(invoiceEvent.data.object.customer_email).toBe("jane.citizen@example.com.au");
  });

  test("no personal value survives anywhere in the output", () => {
    const text = JSON.stringify(redacted);
    for (const personal of ["jane", "Jane", "Citizen", "412 345", "George St", "Sydney", "2000", "example.com"]) expect(text).not.toContain(personal);
  });
});

describe("redactedPayload", () => {
  test("pretty-prints redacted JSON", () => {
    expect(redactedPayload('{"type":"email.send","to":"x@example.com","outboxId":"abc"}')).toBe(
      JSON.stringify({ type: "email.send", to: HIDDEN, outboxId: "abc" }, null, 2),
    );
  });

  test("text that is not JSON is hidden whole", () => {
    expect(redactedPayload("Jane Citizen, 0412 345 678")).toBe(HIDDEN);
  });
});
