import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { activityFigures } from "~/admin/activity-figures.server";
import type { Figure } from "~/admin/figures";
import { figureQuery, periodFor } from "~/admin/periods";
import { createDb } from "~/db/client.server";
import { createBooking } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createSignedInUser, createUser } from "../../factories/users";
import { fetchApp } from "../app";

// The overview's activity figures against bookings, leads, escalations, applications and dead
// letters written straight into D1, for a BAS quarter long past (Q1 2019–20: 1 July to 30 September
// 2019 in Sydney) so the demo seed's data stays out of it; and the page and its CSV through the Worker.

// 5 October 2019, after the quarter: every call in it is over.
const NOW = new Date("2019-10-05T00:00:00Z");
const Q1 = periodFor("quarter", NOW, { year: 2019, month: 7, day: 15 });

function byKey(figures: Figure[]) {
  return Object.fromEntries(figures.map((figure) => [figure.key, figure]));
}

async function setCreated(id: string, createdAt: string) {
  await env.DB.prepare("UPDATE bookings SET created_at = ? WHERE id = ?").bind(createdAt, id).run();
}

test("bookings, conversion, utilisation and leads over a BAS quarter and its trend, its edges in Sydney time", async () => {
  expect(Q1.range).toEqual({ start: "2019-06-30T14:00:00.000Z", end: "2019-09-30T14:00:00.000Z" });
  // Only this test's coach offers hours: the seeded coaches stop taking bookings.
  await env.DB.prepare("UPDATE coach_schedules SET accepting_bookings = 0").run();
  const coach = await createCoach({ observeHolidays: false });
  const a = "converted@example.com.au";

  // Discovery calls: A held and converted, B held (confirmed and over), E a no-show; C on the
  // quarter's last minute (30 September 11:50 pm AEST) and D on the next quarter's first (1 October midnight).
  const callA = await createBooking({ coachId: coach.id, typeId: "discovery", email: a, startsAt: "2019-08-01T00:00:00.000Z", status: "completed" });
  const callB = await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: "2019-08-02T00:00:00.000Z" });
  const callC = await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: "2019-09-30T13:50:00.000Z" });
  await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: "2019-09-30T14:00:00.000Z", status: "no_show" });
  const callE = await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: "2019-08-05T00:00:00.000Z", status: "no_show" });
  // The quarter before: one no-show.
  await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: "2019-05-01T00:00:00.000Z", status: "no_show" });
  for (const call of [callA, callB, callC, callE]) await setCreated(call.id, "2019-07-20T00:00:00.000Z");
  // Booked on 30 September 11 pm AEST (in the quarter) and on 1 October 1 am (not).
  const lateBooked = await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: "2019-10-10T00:00:00.000Z" });
  await setCreated(lateBooked.id, "2019-09-30T13:00:00.000Z");
  const nextBooked = await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: "2019-10-11T00:00:00.000Z" });
  await setCreated(nextBooked.id, "2019-09-30T15:00:00.000Z");

  // Sessions: by card (A's, after the call) and with a credit count; a free one, a cancelled one and an unpaid hold do not.
  await createBooking({ coachId: coach.id, email: a, startsAt: "2019-08-10T00:00:00.000Z", status: "completed" });
  await createBooking({ coachId: coach.id, startsAt: "2019-09-01T00:00:00.000Z", paymentMethod: "credit" });
  await createBooking({ coachId: coach.id, startsAt: "2019-09-02T00:00:00.000Z", paymentMethod: "free" });
  await createBooking({ coachId: coach.id, startsAt: "2019-09-03T00:00:00.000Z", status: "cancelled" });
  await createBooking({ coachId: coach.id, startsAt: "2019-09-04T00:00:00.000Z", status: "held", holdExpiresAt: "2019-09-04T00:10:00.000Z" });

  // Leads: two in the quarter (one on its first minute), one just before it.
  await env.DB.batch(
    [
      ["2019-06-30T14:00:00.000Z", "first"],
      ["2019-09-01T00:00:00.000Z", "second"],
      ["2019-06-30T13:59:59.000Z", "before"],
    ].map(([at, tag]) =>
      env.DB.prepare("INSERT INTO leads (id, source, name, email, created_at) VALUES (?, 'contact', 'Lead', ?, ?)").bind(
        crypto.randomUUID(),
        `${tag}@overview.test`,
        at,
      ),
    ),
  );

  const figures = byKey(await activityFigures(createDb(env.DB), figureQuery(Q1, NOW)));
  expect(figures.leads!.value).toBe(2);
  expect(figures.leads!.trend).toEqual([0, 0, 0, 1, 2]);
  expect(figures.discovery_booked!.value).toBe(5);
  expect(figures.discovery_held!.value).toBe(3);
  expect(figures.discovery_held!.href).toBe("/admin/bookings?status=completed&from=2019-07-01&to=2019-09-30");
  expect(figures.no_shows!.value).toBe(1);
  expect(figures.no_shows!.trend).toEqual([0, 0, 0, 1, 1]);
  expect(figures.paid_sessions!.value).toBe(2);
  // One of the three calls held led to a paid session.
  expect(figures.conversion!.value).toBe(33.3);
  expect(figures.conversion!.unit).toBe("percent");
  // 66 weekdays of 8 hours in July–September 2019; booked: four 20-minute calls (C's included) and three 60-minute
  // sessions (the free one is booked time too; the cancelled one and the lapsed hold are not).
  expect(figures.coach_utilisation!.hint).toBe(`${Math.round((4 * 20 + 3 * 60) / 60)} of ${66 * 8} offered hours booked`);
  expect(figures.coach_utilisation!.value).toBe(Math.round(((4 * 20 + 3 * 60) / (66 * 480)) * 1000) / 10);
  for (const figure of Object.values(figures)) expect(figure.trend.length === 0 || figure.trend.length === Q1.buckets.length, figure.key).toBe(true);
});

test("open escalations and the oldest's age, pending applications, failed emails and dead-lettered jobs, as they stand", async () => {
  const db = createDb(env.DB);
  const query = figureQuery(periodFor("week", new Date()), new Date());
  const before = byKey(await activityFigures(db, query));
  const user = await createUser({ roles: ["client"] });
  const threeDaysAgo = new Date(Date.now() - 3.5 * 86_400_000).toISOString();
  const sql = (statement: string) => env.DB.prepare(statement);
  await env.DB.batch([
    sql("INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, trigger, status, created_at) VALUES (?, ?, 'c1', 'm1', 'user', 'open', ?)").bind(
      crypto.randomUUID(),
      user.id,
      threeDaysAgo,
    ),
    sql("INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, trigger, status) VALUES (?, ?, 'c1', 'm2', 'user', 'assigned')").bind(
      crypto.randomUUID(),
      user.id,
    ),
    sql("INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, trigger, status) VALUES (?, ?, 'c1', 'm3', 'user', 'resolved')").bind(
      crypto.randomUUID(),
      user.id,
    ),
    sql(
      "INSERT INTO failed_jobs (id, message_id, type, body, outbox_id, attempts, queued_at, failed_at) VALUES (?, ?, 'email.send', '{}', 'o1', 4, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
    ).bind(crypto.randomUUID(), crypto.randomUUID()),
    sql(
      "INSERT INTO failed_jobs (id, message_id, type, body, attempts, queued_at, failed_at, status) VALUES (?, ?, 'email.send', '{}', 4, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'dismissed')",
    ).bind(crypto.randomUUID(), crypto.randomUUID()),
    sql(
      "INSERT INTO failed_jobs (id, message_id, type, body, attempts, queued_at, failed_at) VALUES (?, ?, 'booking.notice', '{}', 4, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
    ).bind(crypto.randomUUID(), crypto.randomUUID()),
  ]);
  const after = byKey(await activityFigures(db, query));
  expect(after.open_escalations!.value - before.open_escalations!.value).toBe(2);
  expect(after.open_escalations!.attention).toBe(true);
  expect(after.open_escalations!.href).toBe("/admin/escalations?status=active");
  expect(after.oldest_escalation_age!.value).toBeGreaterThanOrEqual(3.4);
  expect(after.oldest_escalation_age!.unit).toBe("days");
  expect(after.failed_emails!.value - before.failed_emails!.value).toBe(1);
  expect(after.dead_lettered_jobs!.value - before.dead_lettered_jobs!.value).toBe(1);
  expect(after.open_escalations!.trend).toEqual([]);
});

test("the overview page and its CSV: every period, an earlier quarter, a bad period read as the month, admins only", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  for (const period of ["week", "month", "quarter", "fy"]) {
    const response = await fetchApp(`/admin?period=${period}`, { cookie: admin.cookie });
    expect(response.status, period).toBe(200);
    const html = await response.text();
    expect(html).toContain('aria-current="page"');
    expect(html).toContain("Discovery calls held");
    expect(html).toContain('href="/admin/escalations?status=active"');
  }
  const past = await fetchApp("/admin?period=quarter&at=2019-08-15", { cookie: admin.cookie });
  expect(await past.text()).toContain("Q1 2019–20 (July–September 2019)");
  for (const [odd, title] of [
    ["/admin?period=decade", "This month"],
    ["/admin?period=fy&at=9999-99-99", "This financial year"],
    ["/admin?at=1990-01-01", "This month"],
    ["/admin?period=week&at=2999-01-01", "This week"],
  ]) {
    const response = await fetchApp(odd!, { cookie: admin.cookie });
    expect(response.status, odd).toBe(200);
    expect(await response.text(), odd).toContain(`<strong>${title}</strong>`);
  }

  const csv = await fetchApp("/admin/overview.csv?period=quarter&at=2019-08-15", { cookie: admin.cookie });
  expect(csv.status).toBe(200);
  expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="overview-quarter-2019-07-01.csv"');
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("period,from,to,group,key,figure,unit,value,trend Q1 18–19,trend Q2 18–19,trend Q3 18–19,trend Q4 18–19,trend Q1 19–20");
  expect(lines.some((line) => line.includes(",discovery_held,Discovery calls held,count,3,"))).toBe(true);

  const client = await createSignedInUser({ roles: ["client"] });
  for (const path of ["/admin", "/admin/overview.csv"]) {
    const response = await fetchApp(path, { cookie: client.cookie });
    expect(response.status, path).toBe(302);
  }
});
