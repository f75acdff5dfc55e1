import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { cancelBooking } from "~/booking/bookings.server";
import { markSessionOutcome } from "~/meetings/outcomes.server";
import { createPurchase, ledgerBalance, storedBooking } from "../../factories/bookings";
import { countRows } from "../app";
import { DAY, HOUR, recordContext, sessionCast, thrown } from "./session-record-helpers";

// The coach records how a session went (completed or no-show) once it has started, until 7 days
// after it ends; the booking's status is the outcome. A no-show keeps a package credit spent, as a
// late cancellation does; a session without a credit records the outcome only.

const START = "2027-04-05T00:00:00.000Z";
const at = (offsetMs: number) => new Date(Date.parse(START) + offsetMs);

async function outcomeAudits(bookingId: string) {
  return countRows("audit_log", "target_id = ? AND action = 'booking_outcome_set'", bookingId);
}

test("only the session's coach marks the outcome: the client is refused, a stranger gets the 404 and an admin is sent to the admin page", async () => {
  const { coach, client, stranger, admin, booking } = await sessionCast({ startsAt: START });
  const context = recordContext(at(30 * 60_000));
  expect(await thrown(markSessionOutcome(context, client, booking.id, "completed"))).toMatchObject({ status: 403, code: "coach_only" });
  const asStranger = await thrown(markSessionOutcome(context, stranger, booking.id, "no_show"));
  expect(asStranger).toBeInstanceOf(Response);
  expect((asStranger as Response).status).toBe(404);
  expect(await thrown(markSessionOutcome(context, admin, booking.id, "completed"))).toMatchObject({ status: 403 });
  expect((await storedBooking(booking.id))!.status).toBe("confirmed");
  expect(await outcomeAudits(booking.id)).toBe(0);
  expect(await markSessionOutcome(context, coach, booking.id, "completed")).toEqual({ status: "completed", changed: true, credit: "none" });
  expect((await storedBooking(booking.id))!.status).toBe("completed");
});

test("not before the start; from the start until 7 days after the end; never for a cancelled booking", async () => {
  const { coach, booking } = await sessionCast({ startsAt: START });
  expect(await thrown(markSessionOutcome(recordContext(at(-60_000)), coach, booking.id, "completed"))).toMatchObject({ status: 409, code: "not_started" });
  expect((await storedBooking(booking.id))!.status).toBe("confirmed");
  expect((await markSessionOutcome(recordContext(at(0)), coach, booking.id, "no_show")).status).toBe("no_show");
  // The session lasts an hour: its outcome can change until 7 days after that.
  expect((await markSessionOutcome(recordContext(at(HOUR + 7 * DAY)), coach, booking.id, "completed")).changed).toBe(true);
  expect(await thrown(markSessionOutcome(recordContext(at(HOUR + 7 * DAY + 60_000)), coach, booking.id, "no_show"))).toMatchObject({
    status: 409,
    code: "too_late",
  });
  expect((await storedBooking(booking.id))!.status).toBe("completed");

  const cancelled = await sessionCast({ startsAt: START, status: "cancelled" });
  expect(await thrown(markSessionOutcome(recordContext(at(HOUR)), cancelled.coach, cancelled.booking.id, "completed"))).toMatchObject({
    status: 409,
    code: "not_markable",
  });
});

test("marking the same outcome again changes nothing and audits once; changing it audits the change", async () => {
  const { coach, booking } = await sessionCast({ startsAt: START });
  const context = recordContext(at(2 * HOUR));
  expect(await markSessionOutcome(context, coach, booking.id, "completed")).toMatchObject({ changed: true });
  const updatedAt = (await storedBooking(booking.id))!.updated_at;
  expect(await markSessionOutcome(recordContext(at(3 * HOUR)), coach, booking.id, "completed")).toMatchObject({ status: "completed", changed: false });
  expect((await storedBooking(booking.id))!.updated_at).toBe(updatedAt);
  expect(await outcomeAudits(booking.id)).toBe(1);
  expect(await markSessionOutcome(context, coach, booking.id, "no_show")).toMatchObject({ status: "no_show", changed: true });
  expect(await outcomeAudits(booking.id)).toBe(2);
  const last = await env.DB.prepare(
    "SELECT actor_id, detail FROM audit_log WHERE target_id = ? AND action = 'booking_outcome_set' ORDER BY created_at DESC, rowid DESC",
  )
    .bind(booking.id)
    .first<{ actor_id: string; detail: string }>();
  expect(last!.actor_id).toBe(coach.id);
  expect(JSON.parse(last!.detail)).toMatchObject({ actor: "coach", outcome: "no_show", from: "completed" });
});

test("a no-show keeps the package credit spent (no return, as a late cancellation), as does completed; the client can no longer cancel it for the credit", async () => {
  const { coach, client, booking } = await sessionCast({ startsAt: START, paymentMethod: "credit" });
  const purchase = await createPurchase(client.id, 4, { paidAt: "2027-03-01T00:00:00.000Z" });
  // The booking spent one credit when it was made (as bookSlot writes it).
  await env.DB.prepare("INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason, booking_id) VALUES (?, ?, ?, -1, 'booking', ?)")
    .bind(crypto.randomUUID(), purchase, client.id, booking.id)
    .run();
  expect(await ledgerBalance(purchase)).toBe(3);

  expect(await markSessionOutcome(recordContext(at(20 * 60_000)), coach, booking.id, "no_show")).toEqual({ status: "no_show", changed: true, credit: "spent" });
  expect(await ledgerBalance(purchase)).toBe(3);
  expect(await countRows("credit_ledger", "booking_id = ? AND reason = 'cancellation'", booking.id)).toBe(0);
  // A client who didn't come cannot cancel afterwards to have the credit back.
  await expect(cancelBooking(recordContext(at(HOUR)), booking.id, { kind: "client", userId: client.id, email: client.email })).rejects.toMatchObject({
    status: 409,
  });
  expect(await ledgerBalance(purchase)).toBe(3);
  // Changing the outcome moves no credit either way.
  expect(await markSessionOutcome(recordContext(at(2 * HOUR)), coach, booking.id, "completed")).toEqual({
    status: "completed",
    changed: true,
    credit: "spent",
  });
  expect(await markSessionOutcome(recordContext(at(3 * HOUR)), coach, booking.id, "no_show")).toMatchObject({ credit: "spent" });
  expect(await ledgerBalance(purchase)).toBe(3);
  expect(await countRows("credit_ledger", "booking_id = ?", booking.id)).toBe(1);
});

test("a session paid by card has no credit: the no-show is recorded and nothing else changes", async () => {
  const { coach, booking } = await sessionCast({ startsAt: START, paymentMethod: "card" });
  expect(await markSessionOutcome(recordContext(at(HOUR)), coach, booking.id, "no_show")).toEqual({ status: "no_show", changed: true, credit: "none" });
  expect(await countRows("credit_ledger", "booking_id = ?", booking.id)).toBe(0);
  expect(await countRows("payment_refunds r JOIN booking_payments p ON p.id = r.payment_id", "p.booking_id = ?", booking.id)).toBe(0);
});
