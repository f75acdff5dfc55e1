import { expect, test } from "vitest";
import { localDate } from "~/booking/time-zones";
import { bookingFields, bookingsByEmail } from "../../factories/bookings";
import { ALWAYS_OPEN, type TestCoach, createCoach, freeTimes } from "../../factories/coaches";
import { uniqueEmail } from "../../factories/users";
import { fetchApp, pageText, testClientIp } from "../app";

// The booking page's answers when a card hold is refused (docs/decisions/008): a visitor with too
// many unpaid sessions gets a 429 with Retry-After, a coach's day that already has one waiting for
// payment a 409; both with a clear message next to the form, and nothing written.

const SYDNEY = "Australia/Sydney";

function holdCard(coach: TestCoach, time: string, email: string, address: string) {
  const path = `/booking?type=session-60&coach=${coach.slug}&tz=${encodeURIComponent(SYDNEY)}&time=${encodeURIComponent(time)}`;
  return fetchApp(path, { form: bookingFields({ type: "session-60", coach: coach.slug, tz: SYDNEY, time, email, payWith: "card" }), ip: address });
}

test("a visitor's third unpaid session, from another address of the same /64, is refused with 429 and Retry-After", async () => {
  const coaches = [await createCoach(ALWAYS_OPEN), await createCoach(ALWAYS_OPEN), await createCoach(ALWAYS_OPEN)];
  const network = testClientIp().split(":").slice(0, 4).join(":");
  const emails = coaches.map(() => uniqueEmail("holder"));
  const answers = [];
  for (const [i, coach] of coaches.entries()) {
    const [slot] = await freeTimes(coach, "session-60", 10);
    answers.push(await holdCard(coach, slot!.startsAt, emails[i]!, `${network}::${i + 1}`));
  }
  for (const answer of answers.slice(0, 2)) {
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/\/payments-sandbox\/checkout\/|checkout\.stripe\.com|\/checkout\//);
  }
  const refused = answers[2]!;
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await pageText(refused)).toContain("There are already 2 sessions waiting for payment from you. Please finish paying for one, or try again in");
  expect(await bookingsByEmail(emails[2]!)).toEqual([]);
});

test("a second unpaid session on a coach's day is refused with 409 and a clear message; another day is fine", async () => {
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Jordan Blake" });
  const slots = await freeTimes(coach, "session-60", 10);
  // Two times on one Sydney day, hours apart, and one on the next day.
  const first = slots.find((slot) =>
    slots.some(
      (other) =>
        localDate(other.startsAt, SYDNEY) === localDate(slot.startsAt, SYDNEY) && Date.parse(other.startsAt) - Date.parse(slot.startsAt) >= 3 * 3_600_000,
    ),
  )!;
  const sameDay = slots.find(
    (slot) => localDate(slot.startsAt, SYDNEY) === localDate(first.startsAt, SYDNEY) && Date.parse(slot.startsAt) - Date.parse(first.startsAt) >= 3 * 3_600_000,
  )!;
  const nextDay = slots.find((slot) => localDate(slot.startsAt, SYDNEY) > localDate(first.startsAt, SYDNEY))!;

  expect((await holdCard(coach, first.startsAt, uniqueEmail("first"), testClientIp("first"))).status).toBe(302);
  const email = uniqueEmail("second");
  const refused = await holdCard(coach, sameDay.startsAt, email, testClientIp("second"));
  expect(refused.status).toBe(409);
  const page = await pageText(refused);
  expect(page).toMatch(
    /Another session with Jordan Blake that day is waiting for payment\. Please choose another day or coach, or try again in \d+ minutes?\./,
  );
  expect(await bookingsByEmail(email)).toEqual([]);

  expect((await holdCard(coach, nextDay.startsAt, email, testClientIp("second"))).status).toBe(302);
});

/** The time links of a slot view's chosen day, fetched as an anonymous visitor. */
async function timesShown(coach: TestCoach, typeId: string, day: string): Promise<number> {
  const response = await fetchApp(
    new Request(`http://localhost/booking?type=${typeId}&coach=${coach.slug}&tz=${encodeURIComponent(SYDNEY)}&day=${day}`, {
      headers: { "CF-Connecting-IP": testClientIp("viewer") },
    }),
  );
  expect(response.status).toBe(200);
  return (await response.text()).split("slot-chip").length - 1;
}

test("a coach's day with an unpaid session waiting is not offered to card payers; free calls and the next day still are", async () => {
  const coach = await createCoach();
  const slots = await freeTimes(coach, "session-60", 10);
  const held = slots.find((slot) => localDate(slot.startsAt, SYDNEY) > localDate(slots[0]!.startsAt, SYDNEY))!;
  const day = localDate(held.startsAt, SYDNEY);
  const nextDay = localDate(slots.find((slot) => localDate(slot.startsAt, SYDNEY) > day)!.startsAt, SYDNEY);
  expect(await timesShown(coach, "session-60", day)).toBeGreaterThan(0);

  expect((await holdCard(coach, held.startsAt, uniqueEmail("holder"), testClientIp("holder"))).status).toBe(302);

  // Booking any of that day's times by card would be refused with 409: none is offered.
  expect(await timesShown(coach, "session-60", day)).toBe(0);
  expect(await timesShown(coach, "session-60", nextDay)).toBeGreaterThan(0);
  // A free call holds nothing: that day's other times are still offered.
  expect(await timesShown(coach, "discovery", day)).toBeGreaterThan(0);
});
