import { expect, test } from "vitest";
import { rateSession, ratingOf, testimonialAttribution } from "~/meetings/ratings.server";
import { HOUR, recordContext, sessionCast, thrown } from "./session-record-helpers";

// The client rates the session (1–5, a comment) once it is over, may change it once, and agrees (or
// not) to its publication as a testimonial; the consent is stored with when and under which name.

const START = "2027-06-07T00:00:00.000Z";
const ENDED = new Date(Date.parse(START) + HOUR + 60_000);

test("only the client rates, and only once the session has ended (or the coach marked it completed); a no-show cannot be rated", async () => {
  const { coach, client, stranger, admin, booking } = await sessionCast({ startsAt: START });
  const input = { rating: 5, comment: "Clear and practical", publish: false };
  expect(await thrown(rateSession(recordContext(ENDED), coach, booking.id, input))).toMatchObject({ status: 403, code: "client_only" });
  expect(await thrown(rateSession(recordContext(ENDED), admin, booking.id, input))).toMatchObject({ status: 403 });
  expect(((await thrown(rateSession(recordContext(ENDED), stranger, booking.id, input))) as Response).status).toBe(404);
  expect(await thrown(rateSession(recordContext(new Date(Date.parse(START) + 30 * 60_000)), client, booking.id, input))).toMatchObject({
    status: 409,
    code: "not_over",
  });
  expect(await ratingOf(recordContext(ENDED), booking.id)).toBeNull();

  const completedEarly = await sessionCast({ startsAt: START, status: "completed" });
  expect(
    (await rateSession(recordContext(new Date(Date.parse(START) + 45 * 60_000)), completedEarly.client, completedEarly.booking.id, input)).rating.rating,
  ).toBe(5);

  const missed = await sessionCast({ startsAt: START, status: "no_show" });
  expect(await thrown(rateSession(recordContext(ENDED), missed.client, missed.booking.id, input))).toMatchObject({ status: 409, code: "not_ratable" });
});

test("consent to publish is stored only when ticked, with when and the name the testimonial would carry; the rating can be changed once", async () => {
  const { client, booking } = await sessionCast({ startsAt: START });
  const first = await rateSession(recordContext(ENDED), client, booking.id, { rating: 4, comment: null, publish: false });
  expect(first).toMatchObject({
    edited: false,
    rating: { rating: 4, comment: null, publishConsent: false, consentAt: null, attribution: null, edits: 0, clientId: client.id },
  });

  const later = new Date(ENDED.getTime() + 2 * HOUR);
  const edit = await rateSession(recordContext(later), client, booking.id, { rating: 5, comment: "Worth every minute", publish: true });
  expect(edit).toMatchObject({
    edited: true,
    rating: { rating: 5, comment: "Worth every minute", publishConsent: true, consentAt: later.toISOString(), attribution: "Alex N.", edits: 1 },
  });
  expect(await thrown(rateSession(recordContext(later), client, booking.id, { rating: 1, comment: null, publish: false }))).toMatchObject({
    status: 409,
    code: "edited",
  });
  expect(await ratingOf(recordContext(later), booking.id)).toMatchObject({ rating: 5, publishConsent: true });
});

test("a testimonial names the client by first name and business type, or first name and last initial", () => {
  expect(testimonialAttribution({ name: "Alex Nguyen", businessType: "Trades and construction" })).toBe("Alex, Trades and construction");
  expect(testimonialAttribution({ name: "Alex van der Berg", businessType: null })).toBe("Alex B.");
  expect(testimonialAttribution({ name: "Cher", businessType: " " })).toBe("Cher");
});
