import type { AppLoadContext } from "@remix-run/cloudflare";
import { ensureProfile } from "~/accounts/profiles.server";
import { loadCatalogue } from "~/booking/catalogue.server";
import { creditBalance } from "~/booking/credits.server";
import { recordPackageInquiry } from "~/booking/payments.server";
import { AU_TIME_ZONES, formatSlotDate, zoneAbbreviation } from "~/booking/time-zones";
import { STATES, type StateCode } from "~/content/australia";
import { formatAud } from "~/utils/format";
import { flowHref, type FlowParams } from "./flow-links";
import { addDays, dayPicker, DAYS_PER_PAGE, findSlot, parseInstant, parseLocalDate, timeChoice, today, type SlotQuery } from "./slots-view.server";

// What the booking page shows, step by step, from the query string alone (?type=&coach=&tz=&day=&time=):
// every step is a plain link or GET form, so the flow works without JavaScript and each step can be
// bookmarked or shared. The booking itself is the action's (book.server.ts).

export const DEFAULT_ZONE = "Australia/Sydney";
/** The coach parameter for "First available coach". */
export const ANY_COACH = "any";

export type Step = "type" | "package" | "coach" | "when" | "details";

type FlowBase = { zone: string; zoneChosen: boolean; zoneAbbreviation: string; zones: { id: string; label: string }[]; signedIn: boolean };
type SummaryType = { id: string; name: string; durationMinutes: number; price: string; paid: boolean };

const priceLabel = (cents: number) => (cents === 0 ? "Free" : `${formatAud(cents / 100)} incl. GST`);

function zoneOf(value: string | null): { zone: string; chosen: boolean } {
  const match = AU_TIME_ZONES.find((zone) => zone.id === value);
  return match ? { zone: match.id, chosen: true } : { zone: DEFAULT_ZONE, chosen: false };
}

function zoneOptions(now: Date) {
  return AU_TIME_ZONES.map((zone) => ({ id: zone.id, label: `${zone.label} (${zoneAbbreviation(zone.id, now)})` }));
}

export async function loadFlow(request: Request, context: AppLoadContext, now = new Date()) {
  const url = new URL(request.url);
  const query = url.searchParams;
  const db = context.db;
  const { zone, chosen: zoneChosen } = zoneOf(query.get("tz"));
  const [viewer, catalogue] = await Promise.all([context.viewer(), loadCatalogue(db)]);

  const types = catalogue.types.filter((type) => type.active !== false);
  const packages = catalogue.packages.filter((pkg) => pkg.active !== false);
  const base: FlowBase = {
    zone,
    zoneChosen,
    zoneAbbreviation: zoneAbbreviation(zone, now),
    zones: zoneOptions(now),
    signedIn: Boolean(viewer),
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
        href: flowHref({ type: t.id, tz: zone }),
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
    return {
      ...base,
      step: "coach" as const,
      type: summaryType,
      notice: coachParam ? "That coach isn't taking bookings just now. Please choose another, or the first available coach." : null,
      anyHref: flowHref({ type: type.id, coach: ANY_COACH, tz: zone }),
      coaches: coaches.map((c) => ({
        slug: c.slug,
        name: c.displayName,
        headline: c.headline,
        place: `${STATES[c.state as StateCode] ?? c.state} · ${zoneAbbreviation(c.timeZone, now)}`,
        href: flowHref({ type: type.id, coach: c.slug, tz: zone }),
      })),
      backHref: flowHref({ tz: zone }),
    };
  }

  const coachSlug = coach?.slug ?? ANY_COACH;
  const params: FlowParams = { type: type.id, coach: coachSlug, tz: zone };
  const slotQuery: SlotQuery = { typeId: type.id, coach: coach?.slug ?? null, zone, now, catalogue: { type, coaches: coach ? [coach] : coaches } };
  const summaryCoach = coach ? { name: coach.displayName, slug: coach.slug } : null;
  const time = parseInstant(query.get("time"));

  if (time) {
    const found = await findSlot(db, slotQuery, time);
    if (found.slot) {
      const chosen = timeChoice(found.slot, zone);
      const day = parseLocalDate(query.get("day")) ?? undefined;
      const profile = viewer ? await ensureProfile(db, viewer.id) : null;
      // Package credits pay for sessions of their own length (60 minutes).
      const credits = viewer && summaryType.paid ? await creditBalance(db, viewer.id, now) : [];
      const usable = credits.filter((credit) => credit.remaining > 0 && credit.durationMinutes === type.durationMinutes);
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
      ...(await whenStep(context, { base, summaryType, summaryCoach, params, slotQuery, query, now })),
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

  return { ...(await whenStep(context, { base, summaryType, summaryCoach, params, slotQuery, query, now })), taken: null };
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
  }: {
    base: FlowBase;
    summaryType: SummaryType;
    summaryCoach: { name: string; slug: string } | null;
    params: FlowParams;
    slotQuery: SlotQuery;
    query: URLSearchParams;
    now: Date;
  },
) {
  const first = today(base.zone, now);
  const requestedFrom = parseLocalDate(query.get("from"));
  // Pages of days start at today; a "from" in the past, or far beyond any horizon, starts at today.
  const from = requestedFrom && requestedFrom > first && requestedFrom <= addDays(first, 365) ? requestedFrom : first;
  const day = parseLocalDate(query.get("day"));
  const selected = day && day >= first ? day : null;
  const { days, times } = await dayPicker(context.db, slotQuery, from, selected);
  const selectedLabel = times[0] ? formatSlotDate(times[0].startsAt, base.zone) : (days.find((d) => d.date === selected)?.label ?? selected);
  const laterFrom = addDays(from, DAYS_PER_PAGE);
  const earlierFrom = from > first ? addDays(from, -DAYS_PER_PAGE) : null;
  return {
    ...base,
    step: "when" as const,
    type: summaryType,
    coach: summaryCoach,
    params,
    days: days.map((d) => ({ ...d, href: flowHref({ ...params, from: from === first ? undefined : from, day: d.date }), current: d.date === selected })),
    selectedDay: selected,
    selectedDayLabel: selected ? selectedLabel : null,
    times: times.map((t) => ({
      ...t,
      href: flowHref({ ...params, day: selected ?? undefined, time: t.startsAt }),
    })),
    later: flowHref({ ...params, from: laterFrom }),
    earlier: earlierFrom ? flowHref({ ...params, from: earlierFrom < first ? undefined : earlierFrom }) : null,
    from: from === first ? undefined : from,
    backHref: flowHref({ type: summaryType.id, tz: base.zone }),
  };
}

export type FlowData = Awaited<ReturnType<typeof loadFlow>>;
