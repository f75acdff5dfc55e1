import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { addDays } from "~/booking/slots-view.server";
import { localDate } from "~/booking/time-zones";
import { bookingFields } from "../../factories/bookings";
import { ALWAYS_OPEN, createCoach } from "../../factories/coaches";
import { fetchApp, pageText } from "../app";

// Arriving at /booking from a "Book Free 20-min Call" button: the discovery call with the first
// available coach, its next days and times already on the server-rendered page in the visitor's zone,
// no time before the earliest local start (BOOKING_EARLIEST_START), and every step naming the chosen
// session, its length and its price.

const PERTH = "Australia/Perth";
const DISCOVERY = "/booking?type=discovery&coach=any";

/** The test bindings with the earliest local start set as production has it by default (the test configuration turns it off). */
const SEVEN_AM = { ...env, BOOKING_EARLIEST_START: "07:00" } as unknown as Env;
/** The bindings without the setting at all: the app's own default. */
const UNSET = Object.fromEntries(Object.entries(env).filter(([name]) => name !== "BOOKING_EARLIEST_START")) as unknown as Env;

/** The local day two days ahead in Perth (clear of every minimum notice) and an instant of it on the Perth clock (AWST, UTC+8 all year). */
function perthDay() {
  const day = addDays(localDate(new Date().toISOString(), PERTH), 2);
  return { day, at: (hhmm: string) => new Date(`${day}T${hhmm}:00+08:00`).toISOString() };
}

/** The times section of a booking page: its heading and its links. */
function timesSection(html: string) {
  const start = html.indexOf('id="booking-times-heading"');
  expect(start, "the page shows a day's times").toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

/** The local times ("6:30 am") a times section offers, in minutes after midnight. */
function offeredMinutes(section: string, abbreviation: string) {
  return [...section.matchAll(new RegExp(`(\\d{1,2}):(\\d{2}) (am|pm) ${abbreviation}`, "g"))].map(
    ([, h, m, half]) => ((Number(h) % 12) + (half === "pm" ? 12 : 0)) * 60 + Number(m),
  );
}

test("every Book Free 20-min Call button across the site leads to the discovery call with the first available coach", async () => {
  const pages = ["/", "/about", "/services", "/services/strategic-planning", "/locations", "/locations/perth-business-coaching", "/contact"];
  for (const path of pages) {
    const html = await pageText(await fetchApp(path, { headers: { Cookie: "bench=render" } }));
    const buttons = [...html.matchAll(/<a\b([^>]*)>\s*((?:Book )?Free 20-min Call)\s*<\/a>/g)].map(
      ([, attributes]) => attributes!.match(/href="([^"]*)"/)?.[1],
    );
    expect(buttons.length, `${path} has the button`).toBeGreaterThan(0);
    for (const href of buttons) expect(href, `${path}: ${href}`).toMatch(/^\/booking\?type=discovery&coach=any(&tz=Australia%2F\w+)?$/);
  }
  // The Perth page's button keeps Perth time.
  const perth = await pageText(await fetchApp("/locations/perth-business-coaching"));
  expect(perth).toContain('href="/booking?type=discovery&coach=any&tz=Australia%2FPerth"');
});

test("the button's page shows the first day's times at once, in the zone the browser gave an earlier visit, with the other sessions one click away", async () => {
  await createCoach({ ...ALWAYS_OPEN, name: "Landing Coach" });

  const response = await fetchApp(DISCOVERY, { cookie: "tz=Australia%2FPerth", bindings: SEVEN_AM });
  expect(response.status).toBe(200);
  // Rendered for this visitor's zone: not a page the edge cache may give everyone with the address.
  expect(response.headers.get("Cache-Control")).toContain("private");
  const html = await pageText(response);
  expect(html).toContain("Times are shown in <strong>Perth (WA) (AWST)</strong>");
  const times = timesSection(html);
  expect(times).toMatch(/Times on \w+day \d{1,2} \w+/);
  expect(offeredMinutes(times, "AWST").length, "the first day's times, in AWST").toBeGreaterThan(0);
  // The day shown is marked as chosen in the day list, and its time links carry it.
  expect(html).toMatch(/<a[^>]*aria-current="date"[^>]*href="\/booking\?type=discovery&coach=any&tz=Australia%2FPerth&day=\d{4}-\d{2}-\d{2}#booking-times"/);
  // A paid session is one click away, with the same coach and zone; so is choosing a coach.
  expect(html).toContain('href="/booking?type=session-60&coach=any&tz=Australia%2FPerth"');
  expect(html).toContain('href="/booking?type=discovery&tz=Australia%2FPerth">Choose a coach</a>');

  // Without a zone from the address or the browser, Sydney's, and the page says so.
  const sydney = await pageText(await fetchApp(DISCOVERY));
  expect(sydney).toContain("Times are shown in <strong>Sydney (NSW) (AE");
  expect(sydney).toContain("unless you choose another time zone");
  expect(timesSection(sydney)).toMatch(/\d:\d{2} [ap]m AE[DS]T/);

  // The sessions list's choices skip the coach step: the first available coach's times.
  const types = await pageText(await fetchApp("/booking?tz=Australia%2FPerth"));
  expect(types).toContain('href="/booking?type=discovery&coach=any&tz=Australia%2FPerth"');
  expect(types).toContain('href="/booking?type=session-60&coach=any&tz=Australia%2FPerth"');
});

test("a Perth visitor is offered no time before 7 am AWST, from any coach, while a Sydney visitor still sees the same moment at 9 am", async () => {
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Early Sydney Coach" });
  const { day, at } = perthDay();
  for (const who of ["any", coach.slug]) {
    const html = await pageText(await fetchApp(`/booking?type=discovery&coach=${who}&tz=Australia%2FPerth&day=${day}`, { bindings: SEVEN_AM }));
    const minutes = offeredMinutes(timesSection(html), "AWST");
    expect(Math.min(...minutes), `${who}: the earliest time offered`).toBe(7 * 60);
    expect(html, `${who}: 6 am AWST`).not.toContain(`time=${encodeURIComponent(at("06:00"))}`);
    expect(html, `${who}: 6:30 am AWST`).not.toContain(`time=${encodeURIComponent(at("06:30"))}`);
    expect(html).toContain(`time=${encodeURIComponent(at("07:00"))}`);
    expect(html).toContain("We don't offer times before 7 am your time.");
  }
  // 6 am in Perth is 8 or 9 am in Sydney: offered to the Sydney visitor.
  const sydneyDay = localDate(at("06:00"), "Australia/Sydney");
  const sydney = await pageText(await fetchApp(`/booking?type=discovery&coach=${coach.slug}&tz=Australia%2FSydney&day=${sydneyDay}`, { bindings: SEVEN_AM }));
  expect(sydney).toContain(`time=${encodeURIComponent(at("06:00"))}`);

  // An old link to the 6 am time shows the day's times with a reason, not the details form.
  const old = await pageText(
    await fetchApp(`/booking?type=discovery&coach=${coach.slug}&tz=Australia%2FPerth&day=${day}&time=${encodeURIComponent(at("06:00"))}`, {
      bindings: SEVEN_AM,
    }),
  );
  expect(old, "the details form").not.toContain('id="booking-details-heading"');
  expect(old).toContain("We don't book times before 7 am in your time zone.");
  expect(offeredMinutes(timesSection(old), "AWST").length).toBeGreaterThan(0);

  // Nor is it booked from an edited form.
  const path = `/booking?type=discovery&coach=${coach.slug}&tz=Australia%2FPerth`;
  const posted = await fetchApp(path, {
    form: bookingFields({ coach: coach.slug, tz: PERTH, time: at("06:00"), email: "early.bird@example.com" }),
    bindings: SEVEN_AM,
  });
  expect(posted.status).toBe(400);
  expect(await pageText(posted)).toContain("We don't book times before 7 am in your time zone.");
});

test("without the setting, the earliest local start is 7 am", async () => {
  await createCoach({ ...ALWAYS_OPEN, name: "Default Rule Coach" });
  const { day, at } = perthDay();
  const html = await pageText(await fetchApp(`/booking?type=discovery&coach=any&tz=Australia%2FPerth&day=${day}`, { bindings: UNSET }));
  expect(Math.min(...offeredMinutes(timesSection(html), "AWST"))).toBe(7 * 60);
  expect(html).not.toContain(`time=${encodeURIComponent(at("06:30"))}`);
});

test("a paid session's steps name it, its length and its price: heading, side panel and the details step", async () => {
  await createCoach({ ...ALWAYS_OPEN, name: "Paid Session Coach" });
  const when = await pageText(await fetchApp("/booking?type=session-60&coach=any&tz=Australia%2FSydney"));
  expect(when).toMatch(/<h1[^>]*>Book your 60-minute virtual session<\/h1>/);
  expect(when).toContain("60 minutes by video with an experienced Australian business coach, $150 incl. GST.");
  expect(when).toContain("What to expect: 60-minute virtual session");
  expect(when).toContain("$150 incl. GST, paid by card when you book or with a package credit");
  expect(when).not.toContain("discovery call</h1>");
  expect(when).not.toContain("20 minutes with");

  const timeHref = timesSection(when).match(/href="(\/booking\?type=session-60[^"]*&time=[^"]+)"/)?.[1];
  expect(timeHref).toBeDefined();
  const details = await pageText(await fetchApp(timeHref!));
  expect(details).toContain("Your details");
  expect(details).toMatch(/<h1[^>]*>Book your 60-minute virtual session<\/h1>/);
  expect(details).toContain("What to expect: 60-minute virtual session");
  expect(details).toContain("Pay $150 incl. GST by card now");

  // The discovery call keeps its own words.
  const discovery = await pageText(await fetchApp("/booking?type=discovery&coach=any&tz=Australia%2FSydney"));
  expect(discovery).toMatch(/<h1[^>]*>Book your free 20-minute discovery call<\/h1>/);
  expect(discovery).toContain("20 minutes with a coach who has run a business");
});
