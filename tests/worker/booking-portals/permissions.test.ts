import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { pageText } from "../app";
import { createConfirmedUser, signInOnWeb } from "../auth-helpers";
import { bookingState, createCoachUser, daysFromNow, get, insertBooking, insertPayment, insertRefund, post, signedIn } from "./helpers";

// Who may reach the booking screens: the availability editor is the coach's, the admin's bookings
// the admins', and a payment's tax invoice or a refund's credit note (page and PDF) its owner's;
// anyone else's document is a 404 that reveals nothing.

test("the availability editor is for coaches: visitors sign in, clients and admins are refused, and their posts change nothing", async () => {
  const coach = await createCoachUser();
  const [client, admin] = await Promise.all([signedIn(["client"]), signedIn(["admin"])]);
  const visitor = await get("/coach/availability");
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fcoach%2Favailability");
  for (const outsider of [client, admin]) {
    const page = await get("/coach/availability", outsider.cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth?redirectTo=%2Fcoach%2Favailability&denied=coach");
    const saved = await post("/coach/availability", outsider.cookie, {
      intent: "save-schedule",
      displayName: "Intruder",
      timeZone: "Australia/Perth",
      state: "WA",
      bufferMinutes: "0",
      dailyMax: "1",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toMatch(/denied=coach$/);
  }
  // Nothing was written for the outsiders, and the coach's own schedule is untouched.
  const rows = await env.DB.prepare("SELECT coach_id, display_name FROM coach_schedules WHERE coach_id IN (?, ?, ?)").bind(coach.id, client.id, admin.id).all();
  expect(rows.results).toEqual([{ coach_id: coach.id, display_name: coach.name }]);

  const own = await get("/coach/availability", coach.cookie);
  expect(own.status).toBe(200);
  expect(await pageText(own)).toContain("Weekly hours");
});

test("the admin's bookings are for admins: visitors sign in, clients and coaches go home, and their posts change nothing", async () => {
  const coach = await createCoachUser();
  const booking = await insertBooking({ coachId: coach.id, startsAt: daysFromNow(5, 0), name: "Secret Client" });
  const client = await signedIn(["client"]);
  for (const [name, cookie, location] of [
    ["visitor", undefined, /^\/auth\?redirectTo=/],
    ["client", client.cookie, /^\/$/],
    ["coach", coach.cookie, /^\/$/],
  ] as const) {
    for (const path of ["/admin/bookings", `/admin/bookings/${booking.id}`, "/admin/bookings?status=confirmed"]) {
      const response = await get(path, cookie);
      expect(response.status, `${name} GET ${path}`).toBe(302);
      expect(response.headers.get("Location"), `${name} GET ${path}`).toMatch(location);
      expect(await response.text()).not.toContain("Secret Client");
    }
    for (const fields of [
      { intent: "cancel", reason: "Not allowed" },
      { intent: "outcome", outcome: "completed" },
      { intent: "reschedule", startsAt: "2027-06-01T10:00" },
    ] as Record<string, string>[]) {
      const response = await post(`/admin/bookings/${booking.id}`, cookie, fields);
      expect(response.status, `${name} POST ${fields.intent}`).toBe(302);
      expect(response.headers.get("Location")).toMatch(location);
    }
  }
  expect(await bookingState(booking.id)).toMatchObject({ status: "confirmed", sequence: 0, cancel_reason: null });
  expect((await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE target_id = ?").bind(booking.id).first("n")) ?? 0).toBe(0);
});

test("a tax invoice and a credit note, as pages and PDFs, are their owner's: anyone else gets the same 404 as a missing one", async () => {
  const coach = await createCoachUser();
  const owner = await signedIn();
  const other = await signedIn();
  const booking = await insertBooking({ coachId: coach.id, clientId: owner.id, email: owner.email, startsAt: daysFromNow(3, 1) });
  const payment = await insertPayment({ userId: owner.id, bookingId: booking.id, email: owner.email });
  const refund = await insertRefund(payment.id);
  const paths = [`/profile/payments/${payment.id}`, `/profile/credit-notes/${refund.id}`];

  const invoice = await get(paths[0]!, owner.cookie);
  expect(invoice.status).toBe(200);
  const invoiceText = await pageText(invoice);
  expect(invoiceText).toContain("Tax invoice");
  expect(invoiceText).toContain(payment.number);
  expect(invoiceText).toContain("A$150.00");
  expect(invoiceText).toContain("A$13.64");
  expect(invoiceText).toContain(refund.number);
  const note = await get(paths[1]!, owner.cookie);
  expect(note.status).toBe(200);
  const noteText = await pageText(note);
  expect(noteText).toContain("Credit note");
  expect(noteText).toContain(refund.number);
  expect(noteText).toContain(payment.number);

  for (const path of paths) {
    const pdf = await get(`${path}.pdf`, owner.cookie);
    expect(pdf.status, `${path}.pdf`).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toContain("no-store");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  }

  const missing = [`/profile/payments/${crypto.randomUUID()}`, `/profile/credit-notes/${crypto.randomUUID()}`];
  for (const path of [...paths, ...paths.map((p) => `${p}.pdf`), ...missing, ...missing.map((p) => `${p}.pdf`)]) {
    const response = await get(path, other.cookie);
    expect(response.status, `other user: ${path}`).toBe(404);
    const body = await response.text();
    expect(body).not.toContain(payment.number);
    expect(body).not.toContain(owner.email);
  }
  for (const path of [...paths, ...paths.map((p) => `${p}.pdf`)]) {
    const response = await get(path);
    expect(response.status, `visitor: ${path}`).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  }
});

test("a payment made with an address before its account existed is that account's once signed in with the same address", async () => {
  const coach = await createCoachUser();
  const email = `early.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
  const booking = await insertBooking({ coachId: coach.id, email, startsAt: daysFromNow(4, 2) });
  const payment = await insertPayment({ userId: null, bookingId: booking.id, email });
  const stranger = await signedIn();
  expect((await get(`/profile/payments/${payment.id}`, stranger.cookie)).status).toBe(404);
  const user = await createConfirmedUser({ email });
  expect((await get(`/profile/payments/${payment.id}`, await signInOnWeb(user))).status).toBe(200);
});
