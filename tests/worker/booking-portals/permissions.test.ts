import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createBooking, createPayment, createRefund, daysFromNow, storedBooking } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser, createUser, webSession } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// Who may reach the booking screens: the availability editor is the coach's, the admin's bookings
// the admins', and a payment's tax invoice or a refund's credit note (page and PDF) its owner's;
// anyone else's document is a 404 that reveals nothing.

test("the availability editor is for coaches: visitors sign in, clients and admins are refused, and their posts change nothing", async () => {
  const coach = await createSignedInCoach();
  const [client, admin] = await Promise.all([createSignedInUser({ roles: ["client"] }), createSignedInUser({ roles: ["admin"] })]);
  const visitor = await fetchApp("/coach/availability");
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fcoach%2Favailability");
  for (const outsider of [client, admin]) {
    const page = await fetchApp("/coach/availability", { cookie: outsider.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth?redirectTo=%2Fcoach%2Favailability&denied=coach");
    const saved = await fetchApp("/coach/availability", {
      cookie: outsider.cookie,
      form: {
        intent: "save-schedule",
        displayName: "Intruder",
        timeZone: "Australia/Perth",
        state: "WA",
        bufferMinutes: "0",
        dailyMax: "1",
      },
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toMatch(/denied=coach$/);
  }
  // Nothing was written for the outsiders, and the coach's own schedule is untouched.
  const rows = await env.DB.prepare("SELECT coach_id, display_name FROM coach_schedules WHERE coach_id IN (?, ?, ?)").bind(coach.id, client.id, admin.id).all();
  expect(rows.results).toEqual([{ coach_id: coach.id, display_name: coach.name }]);

  const own = await fetchApp("/coach/availability", { cookie: coach.cookie });
  expect(own.status).toBe(200);
  expect(await pageText(own)).toContain("Weekly hours");
});

test("the admin's bookings are for admins: visitors sign in, clients and coaches go home, and their posts change nothing", async () => {
  const coach = await createSignedInCoach();
  const booking = await createBooking({ coachId: coach.id, startsAt: daysFromNow(5, 0), name: "Secret Client" });
  const client = await createSignedInUser({ roles: ["client"] });
  for (const [name, cookie, location] of [
    ["visitor", undefined, /^\/auth\?redirectTo=/],
    ["client", client.cookie, /^\/$/],
    ["coach", coach.cookie, /^\/$/],
  ] as const) {
    for (const path of ["/admin/bookings", `/admin/bookings/${booking.id}`, "/admin/bookings?status=confirmed"]) {
      const response = await fetchApp(path, { cookie });
      expect(response.status, `${name} GET ${path}`).toBe(302);
      expect(response.headers.get("Location"), `${name} GET ${path}`).toMatch(location);
      expect(await response.text()).not.toContain("Secret Client");
    }
    for (const fields of [
      { intent: "cancel", reason: "Not allowed" },
      { intent: "outcome", outcome: "completed" },
      { intent: "reschedule", startsAt: "2027-06-01T10:00" },
    ] as Record<string, string>[]) {
      const response = await fetchApp(`/admin/bookings/${booking.id}`, { cookie, form: fields });
      expect(response.status, `${name} POST ${fields.intent}`).toBe(302);
      expect(response.headers.get("Location")).toMatch(location);
    }
  }
  expect(await storedBooking(booking.id)).toMatchObject({ status: "confirmed", sequence: 0, cancel_reason: null });
  expect((await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE target_id = ?").bind(booking.id).first("n")) ?? 0).toBe(0);
});

test("a tax invoice and a credit note, as pages and PDFs, are their owner's: anyone else gets the same 404 as a missing one", async () => {
  const coach = await createSignedInCoach();
  const owner = await createSignedInUser();
  const other = await createSignedInUser();
  const booking = await createBooking({ coachId: coach.id, clientId: owner.id, email: owner.email, startsAt: daysFromNow(3, 1) });
  const payment = await createPayment({ userId: owner.id, bookingId: booking.id, email: owner.email });
  const refund = await createRefund(payment.id);
  const paths = [`/profile/payments/${payment.id}`, `/profile/credit-notes/${refund.id}`];

  const invoice = await fetchApp(paths[0]!, { cookie: owner.cookie });
  expect(invoice.status).toBe(200);
  const invoiceText = await pageText(invoice);
  expect(invoiceText).toContain("Tax invoice");
  expect(invoiceText).toContain(payment.number);
  expect(invoiceText).toContain("A$150.00");
  expect(invoiceText).toContain("A$13.64");
  expect(invoiceText).toContain(refund.number);
  const note = await fetchApp(paths[1]!, { cookie: owner.cookie });
  expect(note.status).toBe(200);
  const noteText = await pageText(note);
  expect(noteText).toContain("Credit note");
  expect(noteText).toContain(refund.number);
  expect(noteText).toContain(payment.number);

  for (const path of paths) {
    const pdf = await fetchApp(`${path}.pdf`, { cookie: owner.cookie });
    expect(pdf.status, `${path}.pdf`).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toContain("no-store");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  }

  const missing = [`/profile/payments/${crypto.randomUUID()}`, `/profile/credit-notes/${crypto.randomUUID()}`];
  for (const path of [...paths, ...paths.map((p) => `${p}.pdf`), ...missing, ...missing.map((p) => `${p}.pdf`)]) {
    const response = await fetchApp(path, { cookie: other.cookie });
    expect(response.status, `other user: ${path}`).toBe(404);
    const body = await response.text();
    expect(body).not.toContain(payment.number);
    expect(body).not.toContain(owner.email);
  }
  for (const path of [...paths, ...paths.map((p) => `${p}.pdf`)]) {
    const response = await fetchApp(path);
    expect(response.status, `visitor: ${path}`).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  }
});

test("a payment made with an address before its account existed is that account's once signed in with the same address", async () => {
  const coach = await createSignedInCoach();
  const email = `early.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
  const booking = await createBooking({ coachId: coach.id, email, startsAt: daysFromNow(4, 2) });
  const payment = await createPayment({ userId: null, bookingId: booking.id, email });
  const stranger = await createSignedInUser();
  expect((await fetchApp(`/profile/payments/${payment.id}`, { cookie: stranger.cookie })).status).toBe(404);
  const user = await createUser({ email });
  expect((await fetchApp(`/profile/payments/${payment.id}`, { cookie: await webSession(user) })).status).toBe(200);
});
