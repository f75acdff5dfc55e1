import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createBooking } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// Times in the portals name the zone they are in, with the abbreviation of that date: the coach's
// weekly hours (which hold all year), the admin's bookings list (one zone for the whole column) and
// the client's Bookings tab (the zone of the state on their profile).

async function setState(userId: string, state: string) {
  await env.DB.prepare("UPDATE profiles SET state = ? WHERE user_id = ?").bind(state, userId).run();
}

function legendOf(html: string) {
  return /<legend>(Hours each week[^<]*)<\/legend>/.exec(html)?.[1] ?? "";
}

test("the weekly hours are labelled with the coach's zone for the whole year, never one season's abbreviation", async () => {
  const brisbane = await createSignedInCoach({ timeZone: "Australia/Brisbane", state: "QLD" });
  const perth = await createSignedInCoach({ timeZone: "Australia/Perth", state: "WA" });
  const sydney = await createSignedInCoach({ timeZone: "Australia/Sydney", state: "NSW" });
  const page = async (coach: { cookie: string }) => pageText(await fetchApp("/coach/availability", { cookie: coach.cookie }));

  // Sydney's hours hold through the change of clocks: the label says which applies until when.
  expect(legendOf(await page(sydney))).toMatch(
    /^Hours each week, Sydney time \((AEDT until [1-7] April \d{4}, then AEST|AEST until [1-7] October \d{4}, then AEDT)\)$/,
  );
  const brisbaneHtml = await page(brisbane);
  expect(legendOf(brisbaneHtml)).toBe("Hours each week, Brisbane time (AEST)");
  expect(brisbaneHtml).toContain("in your time zone, Brisbane time (AEST).");
  expect(legendOf(await page(perth))).toBe("Hours each week, Perth time (AWST)");
});

/** The table row of one booking in the list's HTML ("" when it is not listed). */
function rowOf(html: string, bookingId: string) {
  return (
    html
      .split("<tr>")
      .find((row) => row.includes(`/admin/bookings/${bookingId}"`))
      ?.split("</tr>")[0] ?? ""
  );
}

/** The cells of a row: the reference (a th), then When, Client, Coach, Type, Status. */
function cellsOf(row: string) {
  return row.split(/<t[hd][^>]*>/).slice(1);
}

test("/admin/bookings shows every start in one zone named in the column's heading, the coach's own time beside their name", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const [perthCoach, sydneyCoach] = await Promise.all([
    createSignedInCoach({ name: "Perth Coach", timeZone: "Australia/Perth", state: "WA" }),
    createSignedInCoach({ name: "Sydney Coach", timeZone: "Australia/Sydney" }),
  ]);
  // 2 am UTC: 1 pm AEDT in March and 12 pm AEST in July in Sydney; 10 am AWST in Perth all year.
  const march = await createBooking({ coachId: perthCoach.id, startsAt: "2031-03-10T02:00:00.000Z" });
  const july = await createBooking({ coachId: sydneyCoach.id, startsAt: "2031-07-10T02:00:00.000Z" });
  const list = async () => pageText(await fetchApp("/admin/bookings?from=2031-03-01&to=2031-07-31", { cookie: admin.cookie }));

  const sydneyView = await list();
  const [, marchWhen, , marchCoach] = cellsOf(rowOf(sydneyView, march.id));
  expect(marchWhen).toContain("Monday 10 March 2031, 1:00 pm AEDT");
  expect(sydneyView).toMatch(/<th scope="col"[^>]*>(<a [^>]*>)?When \(Sydney time\)/);
  expect(marchCoach).toContain("Perth Coach");
  expect(marchCoach).toContain("10:00 am AWST their time");
  const [, julyWhen, , julyCoach] = cellsOf(rowOf(sydneyView, july.id));
  expect(julyWhen).toContain("Thursday 10 July 2031, 12:00 pm AEST");
  expect(julyCoach).not.toContain("their time");

  // An admin whose profile says Western Australia reads the column in Perth time.
  await setState(admin.id, "WA");
  const perthView = await list();
  expect(perthView).toMatch(/<th scope="col"[^>]*>(<a [^>]*>)?When \(Perth time\)/);
  const [, perthMarchWhen, , perthMarchCoach] = cellsOf(rowOf(perthView, march.id));
  expect(perthMarchWhen).toContain("Monday 10 March 2031, 10:00 am AWST");
  expect(perthMarchCoach).not.toContain("their time");
  const [, perthJulyWhen, , perthJulyCoach] = cellsOf(rowOf(perthView, july.id));
  expect(perthJulyWhen).toContain("Thursday 10 July 2031, 10:00 am AWST");
  expect(perthJulyCoach).toContain("12:00 pm AEST their time");
});

test("the Bookings tab shows a Queensland client's sessions in AEST, even those booked on a Sydney clock", async () => {
  const coach = await createSignedInCoach({ name: "Harper Lane" });
  const client = await createSignedInUser();
  await setState(client.id, "QLD");
  const summer = await createBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: "2031-01-15T00:00:00.000Z" });
  expect(summer.clientTimeZone).toBe("Australia/Sydney");
  const html = await pageText(await fetchApp("/profile?tab=bookings", { cookie: client.cookie }));
  expect(/Wednesday 15 January 2031, [^<]+/.exec(html)?.[0]).toBe("Wednesday 15 January 2031, 10:00 am AEST");
  expect(html).not.toContain("AEDT");
});

test("the admin area's other lists use the admin's zone too: the audit log for an admin in Perth reads AWST", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  await setState(admin.id, "WA");
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO audit_log (id, actor_id, action, created_at) VALUES (?, ?, 'zone_probe', '2031-01-15T00:00:00.000Z')")
    .bind(id, admin.id)
    .run();
  const html = await pageText(await fetchApp("/admin/audit?action=zone_probe", { cookie: admin.cookie }));
  expect(/15 Jan 2031, [^<]+/.exec(html)?.[0]).toBe("15 Jan 2031, 8:00 am AWST");
});
