import type { AppLoadContext } from "@remix-run/cloudflare";
import { ensureProfile } from "~/accounts/profiles.server";
import { loadCatalogue } from "~/booking/catalogue.server";
import { loadCatalogueAndCalendars } from "~/booking/slots.server";
import { creditBalance } from "~/booking/credits.server";
import { recordPackageInquiry } from "~/booking/checkout.server";
import { AU_TIME_ZONES, formatSlotDate, zoneAbbreviation } from "~/booking/time-zones";
import { STATES, type StateCode } from "~/content/australia";
import { coachPhotoHref, initialsOf, parseIndustries, parseSpecialties } from "~/coach-network/profile";
import { COACH_INDUSTRIES, COACH_SPECIALTIES, COACH_SPECIALTY_LABELS } from "~/coach-network/specialties";
import { formatAud } from "~/utils/format";
import { ANY_COACH, DEFAULT_ZONE, flowHref, TIMES_ANCHOR, ZONE_COOKIE, type FlowParams } from "~/booking/flow-links";
import { earliestStartLabel, earliestStartMinutes, startsLateEnough } from "~/booking/earliest-start";
import {
  addDays,
  dayPicker,
  DAYS_PER_PAGE,
  findSlot,
  findWindow,
  parseInstant,
  parseLocalDate,
  pickerWindows,
  spanOf,
  timeChoice,
  today,
  type SlotQuery,
} from "~/booking/slots-view.server";

// What the booking page shows, step by step, from the query string alone (?type=&coach=&tz=&day=&time=):
// every step is a plain link or GET form, so the flow works without JavaScript and each step can be
// bookmarked or shared. The booking itself is the action's (book.server.ts).

export type Step = "type" | "package" | "coach" | "when" | "details";

type FlowBase = {
  zone: string;
  /** The zone is the address's (?tz): the page is the same for everyone with its URL. */
  zoneChosen: boolean;
  zoneAbbreviation: string;
  zones: { id: string; label: string }[];
  signedIn: boolean;
  /** "7 am": no time earlier than this on the visitor's clock is offered; null without the rule. */
  earliestStart: string | null;
};
type SummaryType = { id: string; name: string; durationMinutes: number; price: string; paid: boolean };

const priceLabel = (cents: number) => (cents === 0 ? "Free" : `${formatAud(cents / 100)} incl. GST`);

const isZone = (value: string | null | undefined) => AU_TIME_ZONES.find((zone) => zone.id === value)?.id;

/** The zone the browser told an earlier page (ZONE_COOKIE), when it is one the page offers. */
function zoneHint(request: Request): string | undefined {
  for (const pair of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name !== ZONE_COOKIE) continue;
    try {
      return isZone(decodeURIComponent(value.join("=")));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The visitor's zone: the address's (?tz), else the browser's from an earlier visit, else Sydney. */
function zoneOf(value: string | null, request: Request): { zone: string; chosen: boolean } {
  const chosen = isZone(value);
  return chosen ? { zone: chosen, chosen: true } : { zone: zoneHint(request) ?? DEFAULT_ZONE, chosen: false };
}

function zoneOptions(now: Date) {
  return AU_TIME_ZONES.map((zone) => ({ id: zone.id, label: `${zone.label} (${zoneAbbreviation(zone.id, now)})` }));
}

/** The page of the day picker a query asks for: pages start at today; a "from" in the past, or far beyond any horizon, starts at today. */
function pickerPage(query: URLSearchParams, zone: string, now: Date) {
  const first = today(zone, now);
  const requestedFrom = parseLocalDate(query.get("from"));
  const from = requestedFrom && requestedFrom > first && requestedFrom <= addDays(first, 365) ? requestedFrom : first;
  const day = parseLocalDate(query.get("day"));
  return { first, from, selected: day && day >= first ? day : null };
}

/**
 * The catalogue, and with it (in the same D1 round trip) the calendars a day-and-time or details step
 * will read, when the query names a type and a coach: the coach (or all, for "first available") over
 * the picker's days and a chosen time's week.
 */
async function readCatalogue(db: AppLoadContext["db"], query: URLSearchParams, zone: string, now: Date) {
  const coach = query.get("coach");
  if (!query.get("type") || !coach || query.get("package")) return { catalogue: await loadCatalogue(db), calendars: undefined };
  const { from, selected } = pickerPage(query, zone, now);
  const time = parseInstant(query.get("time"));
  const window = spanOf([...(time ? [findWindow(now, time)] : []), ...pickerWindows(now, from, selected)]);
  return loadCatalogueAndCalendars(db, { coach: coach === ANY_COACH ? null : coach, ...window, now });
}

export async function loadFlow(request: Request, context: AppLoadContext, now = new Date()) {
  const url = new URL(request.url);
  const query = url.searchParams;
  const db = context.db;
  const { zone, chosen: zoneChosen } = zoneOf(query.get("tz"), request);
  const earliestMinutes = earliestStartMinutes(context.env.BOOKING_EARLIEST_START);
  const [viewer, { catalogue, calendars }] = await Promise.all([context.viewer(), readCatalogue(db, query, zone, now)]);

  const types = catalogue.types.filter((type) => type.active !== false);
  const packages = catalogue.packages.filter((pkg) => pkg.active !== false);
  const base: FlowBase = {
    zone,
    zoneChosen,
    zoneAbbreviation: zoneAbbreviation(zone, now),
    zones: zoneOptions(now),
    signedIn: Boolean(viewer),
    earliestStart: earliestMinutes ? earliestStartLabel(earliestMinutes) : null,
  };

  // A package: what it holds, and the way to buy it (signed in: the account keeps the credits).
  const packageId = query.get("package");
  const pkg = packageId ? packages.find((p) => p.id === packageId) : undefined;
  if (pkg) {
    try {
      await recordPackageInquiry(context, viewer, pkg.id, request);
    } catch (error) {
      console.warn("booking: could not record the package inquiry", error instanceof Error ? error.message : String(error));
    }
    return {
      ...base,
      step: "package" as const,
      package: {
        id: pkg.id,
        name: pkg.name,
        description: pkg.description,
        sessions: pkg.sessions,
        durationMinutes: pkg.durationMinutes,
        price: priceLabel(pkg.priceCents),
        perSession: formatAud(Math.round(pkg.priceCents / pkg.sessions) / 100),
        validityMonths: pkg.validityMonths,
      },
      signInHref: `/auth?redirectTo=${encodeURIComponent(`/booking?package=${pkg.id}`)}`,
      backHref: flowHref({ tz: zone }),
    };
  }

  const type = types.find((t) => t.id === query.get("type"));
  if (!type) {
    return {
      ...base,
      step: "type" as const,
      notice: query.get("type") || packageId ? "That option isn't available. Please choose from the list." : null,
      types: types.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        durationMinutes: t.durationMinutes,
        price: priceLabel(t.priceCents),
        href: flowHref({ type: t.id, coach: ANY_COACH, tz: zone }),
      })),
      packages: packages.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        sessions: p.sessions,
        price: priceLabel(p.priceCents),
        validityMonths: p.validityMonths,
        href: `/booking?package=${p.id}&tz=${encodeURIComponent(zone)}`,
      })),
    };
  }

  const summaryType: SummaryType = {
    id: type.id,
    name: type.name,
    durationMinutes: type.durationMinutes,
    price: priceLabel(type.priceCents),
    paid: type.priceCents > 0,
  };
  const coaches = catalogue.coaches;
  const coachParam = query.get("coach");
  const coach = coachParam === ANY_COACH ? null : coaches.find((c) => c.slug === coachParam);
  if (coach === undefined) {
    // The coaches' public profiles, narrowed by the filter form's specialty and industry (each optional).
    const specialty = COACH_SPECIALTIES.find((value) => value === query.get("specialty")) ?? "";
    const industry = COACH_INDUSTRIES.find((value) => value === query.get("industry")) ?? "";
    const cards = coaches.map((c) => ({ coach: c, specialties: parseSpecialties(c.specialties), industries: parseIndustries(c.industries) }));
    const shown = cards.filter((card) => (!specialty || card.specialties.includes(specialty)) && (!industry || card.industries.includes(industry)));
    return {
      ...base,
      step: "coach" as const,
      type: summaryType,
      notice: coachParam ? "That coach isn't taking bookings just now. Please choose another, or the first available coach." : null,
      anyHref: flowHref({ type: type.id, coach: ANY_COACH, tz: zone }),
      filter: {
        specialty,
        industry,
        specialties: COACH_SPECIALTIES.map((value) => ({ value, label: COACH_SPECIALTY_LABELS[value] })),
        industries: COACH_INDUSTRIES.map((value) => ({ value, label: value })),
        total: coaches.length,
        clearHref: flowHref({ type: type.id, tz: zone }),
      },
      coaches: shown.map(({ coach: c, specialties, industries }) => ({
        slug: c.slug,
        name: c.displayName,
        headline: c.headline,
        bio: c.bio,
        photoHref: coachPhotoHref(c.slug, c.photoUpdatedAt),
        initials: initialsOf(c.displayName),
        specialties: specialties.map((value) => COACH_SPECIALTY_LABELS[value]),
        industries,
        place: `${STATES[c.state as StateCode] ?? c.state} · ${zoneAbbreviation(c.timeZone, now)}`,
        href: flowHref({ type: type.id, coach: c.slug, tz: zone }),
      })),
      backHref: flowHref({ tz: zone }),
    };
  }

  const coachSlug = coach?.slug ?? ANY_COACH;
  const params: FlowParams = { type: type.id, coach: coachSlug, tz: zone };
  // Package credits pay for sessions of their own length (60 minutes). Without one, a paid session is
  // paid by card, and its time is held while the visitor pays: a coach's day that already has a
  // hold waiting for payment is not offered (decision record 008).
  const credits = viewer && summaryType.paid ? await creditBalance(db, viewer.id, now) : [];
  const usable = credits.filter((credit) => credit.remaining > 0 && credit.durationMinutes === type.durationMinutes);
  const slotQuery: SlotQuery = {
    typeId: type.id,
    coach: coach?.slug ?? null,
    zone,
    now,
    catalogue: { type, coaches: coach ? [coach] : coaches },
    audience: { cardHold: summaryType.paid && usable.length === 0 },
    calendars,
    earliestMinutes,
  };
  const summaryCoach = coach ? { name: coach.displayName, slug: coach.slug } : null;
  const time = parseInstant(query.get("time"));
  const sessions = types.map((t) => ({
    id: t.id,
    name: t.name,
    durationMinutes: t.durationMinutes,
    price: priceLabel(t.priceCents),
    href: flowHref({ type: t.id, coach: coachSlug, tz: zone }),
    current: t.id === type.id,
  }));
  const whenInput = { base, summaryType, summaryCoach, params, slotQuery, query, now, sessions };

  // A time before the earliest local start (an old link, or one made for another zone) is not offered.
  if (time && !startsLateEnough(Date.parse(time), zone, earliestMinutes)) {
    return {
      ...(await whenStep(context, whenInput)),
      taken: null,
      notice: `We don't book times before ${base.earliestStart} in your time zone. Please choose one of the times below.`,
    };
  }

  if (time) {
    const found = await findSlot(db, slotQuery, time);
    if (found.slot) {
      const chosen = timeChoice(found.slot, zone);
      const day = parseLocalDate(query.get("day")) ?? undefined;
      const profile = viewer ? await ensureProfile(db, viewer.id) : null;
      return {
        ...base,
        step: "details" as const,
        type: summaryType,
        coach: summaryCoach,
        params,
        slot: {
          startsAt: chosen.startsAt,
          date: formatSlotDate(chosen.startsAt, zone),
          time: `${chosen.time} ${chosen.abbreviation}`,
          coachName: chosen.coachName,
          coachTime: chosen.coachTime,
          coachDate: formatSlotDate(chosen.startsAt, found.slot.coachTimeZone),
          sameZoneAsCoach: found.slot.coachTimeZone === zone,
        },
        prefill: {
          name: viewer ? [viewer.firstName, viewer.lastName].filter(Boolean).join(" ") : "",
          email: viewer?.email ?? "",
          company: profile?.company ?? "",
          phone: "",
          businessType: profile?.businessType ?? "",
          notes: "",
        },
        credits: usable.map((credit) => ({
          purchaseId: credit.purchaseId,
          label: `${credit.packageName}: ${credit.remaining} session${credit.remaining === 1 ? "" : "s"} left, use by ${formatSlotDate(credit.expiresAt, zone)}`,
        })),
        backHref: flowHref({ ...params, day: day ?? undefined }),
      };
    }
    // The time was taken since the link was made (or never offered): say so and offer the nearest.
    return {
      ...(await whenStep(context, whenInput)),
      notice: null,
      taken: {
        alternatives: found.alternatives.map((slot) => {
          const choice = timeChoice(slot, zone);
          return {
            href: flowHref({ ...params, time: slot.startsAt }),
            label: `${formatSlotDate(slot.startsAt, zone)}, ${choice.time} ${choice.abbreviation}`,
            coachName: coach ? null : choice.coachName,
          };
        }),
      },
    };
  }

  return { ...(await whenStep(context, whenInput)), taken: null, notice: null };
}

async function whenStep(
  context: AppLoadContext,
  {
    base,
    summaryType,
    summaryCoach,
    params,
    slotQuery,
    query,
    now,
    sessions,
  }: {
    sessions: { id: string; name: string; durationMinutes: number; price: string; href: string; current: boolean }[];
    base: FlowBase;
    summaryType: SummaryType;
    summaryCoach: { name: string; slug: string } | null;
    params: FlowParams;
    slotQuery: SlotQuery;
    query: URLSearchParams;
    now: Date;
  },
) {
  const { first, from, selected } = pickerPage(query, base.zone, now);
  // Arriving without a day (a "Book Free 20-min Call" button), the first day with free times is shown.
  const { days, times, day: shown } = await dayPicker(context.db, slotQuery, from, selected, { firstDayWhenNone: true });
  const selectedLabel = times[0] ? formatSlotDate(times[0].startsAt, base.zone) : (days.find((d) => d.date === shown)?.label ?? shown);
  const laterFrom = addDays(from, DAYS_PER_PAGE);
  const earlierFrom = from > first ? addDays(from, -DAYS_PER_PAGE) : null;
  return {
    ...base,
    step: "when" as const,
    type: summaryType,
    coach: summaryCoach,
    params,
    sessions,
    coachHref: flowHref({ type: summaryType.id, tz: base.zone }),
    // A day's link lands on its times, with or without JavaScript.
    days: days.map((d) => ({
      ...d,
      href: `${flowHref({ ...params, from: from === first ? undefined : from, day: d.date })}#${TIMES_ANCHOR}`,
      current: d.date === shown,
    })),
    selectedDay: selected,
    shownDay: shown,
    selectedDayLabel: shown ? selectedLabel : null,
    times: times.map((t) => ({
      ...t,
      href: flowHref({ ...params, day: shown ?? undefined, time: t.startsAt }),
    })),
    later: flowHref({ ...params, from: laterFrom }),
    earlier: earlierFrom ? flowHref({ ...params, from: earlierFrom < first ? undefined : earlierFrom }) : null,
    from: from === first ? undefined : from,
    backHref: flowHref({ type: summaryType.id, tz: base.zone }),
  };
}

export type FlowData = Awaited<ReturnType<typeof loadFlow>>;
