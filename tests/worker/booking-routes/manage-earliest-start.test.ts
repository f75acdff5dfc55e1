import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { manageLinkExpiry, manageToken } from "~/booking/links.server";
import { addDays } from "~/booking/slots-view.server";
import { localDate } from "~/booking/time-zones";
import { readEnv } from "~/platform/env.server";
import { bookingRow, createBooking, daysFromNow } from "../../factories/bookings";
import { ALWAYS_OPEN, createCoach } from "../../factories/coaches";
import { fetchApp, pageText } from "../app";

// Moving a booking from the manage link keeps the same promise as booking it: no time before the
// earliest local start (BOOKING_EARLIEST_START) in the client's zone is offered, or accepted.

const PERTH = "Australia/Perth";
const SEVEN_AM = { ...env, BOOKING_EARLIEST_START: "07:00" } as unknown as Env;

test("a Perth client moving a booking is offered no time before 7 am AWST, and a 6 am time posted anyway is refused", async () => {
  const coach = await createCoach(ALWAYS_OPEN);
  const booking = await createBooking({ coachId: coach.id, typeId: "discovery", paymentMethod: "free", startsAt: daysFromNow(10), clientTimeZone: PERTH });
  const path = `/booking/manage/${await manageToken(readEnv(env), booking.id, manageLinkExpiry(booking))}`;
  const day = addDays(localDate(new Date().toISOString(), PERTH), 3);

  const html = await pageText(await fetchApp(`${path}?reschedule=1&tz=${encodeURIComponent(PERTH)}&day=${day}`, { bindings: SEVEN_AM }));
  const offered = [...html.matchAll(/(\d{1,2}):(\d{2}) (am|pm) AWST/g)].map(([, h, m, half]) => ((Number(h) % 12) + (half === "pm" ? 12 : 0)) * 60 + Number(m));
  expect(offered.length, "the day's times are shown").toBeGreaterThan(0);
  expect(Math.min(...offered), "the earliest time offered, in minutes after midnight AWST").toBeGreaterThanOrEqual(7 * 60);

  const sixAm = new Date(`${day}T06:00:00+08:00`).toISOString();
  // Posted from the confirm step of an old or edited link, as the page's form posts.
  const refused = await fetchApp(`${path}?reschedule=1&tz=${encodeURIComponent(PERTH)}&time=${encodeURIComponent(sixAm)}`, {
    form: { intent: "reschedule", time: sixAm, tz: PERTH },
    bindings: SEVEN_AM,
  });
  expect(refused.status).toBe(400);
  const refusedPage = await pageText(refused);
  expect(refusedPage.slice(refusedPage.indexOf('id="manage-pick-heading"'))).toMatch(/We don(&#x27;|')t book times before 7 am in your time zone/);
  expect((await bookingRow(booking.id))!.startsAt).toBe(booking.startsAt);
});
