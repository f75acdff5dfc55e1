import { publicHolidays } from "~/booking/holidays.server";
import { formatSlotTime, localDate, zoneAbbreviation } from "~/booking/time-zones";
import { ENQUIRY_REPLY } from "~/content/business";
import { zonedToUtc } from "~/utils/zoned-time";
import { replyPromiseText, type ReplyRules } from "./reply-promise";

// When the team's reply to an enquiry falls due (ENQUIRY_REPLY in app/content/business.ts), and the
// Service Assistant's thanks that says so. Business days are Monday to Friday on the team's clock,
// except the public holidays of the team's state (app/booking/holiday-table.ts).

const DAY_MS = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The state's public holidays in a year; beyond the generated table only weekends are days off (logged). */
function holidaysOf(state: string, year: number): string[] {
  try {
    return publicHolidays(state, year, year);
  } catch (error) {
    console.warn("enquiry replies: counting weekends only:", error instanceof Error ? error.message : String(error));
    return [];
  }
}

function isBusinessDay(date: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5 && !holidays.has(date);
}

/**
 * The moment the reply falls due for an enquiry received at `receivedAt`: the close of business on
 * the last of `businessDays` business days, counting the day it arrives only when it arrives before
 * opening time on a business day.
 */
export function replyDueBy(receivedAt: Date, rules: ReplyRules = ENQUIRY_REPLY): Date {
  const zone = rules.timeZone;
  const received = localDate(receivedAt.toISOString(), zone);
  const year = Number(received.slice(0, 4));
  const holidays = new Set([year, year + 1].flatMap((y) => holidaysOf(rules.holidayState, y)));
  const opensAt = zonedToUtc(`${received}T${rules.opens}`, zone)!;
  let day = received;
  let counted = isBusinessDay(day, holidays) && receivedAt.toISOString() < opensAt ? 1 : 0;
  while (counted < rules.businessDays) {
    day = addDays(day, 1);
    if (isBusinessDay(day, holidays)) counted++;
  }
  return new Date(zonedToUtc(`${day}T${rules.closes}`, zone)!);
}

/** "5 pm AEDT tomorrow, Tuesday 1 December" or "5 pm AEDT on Monday 30 November" as the team's clock reads it, from the point of view of `now`. */
export function dueText(due: Date, now: Date, rules: ReplyRules = ENQUIRY_REPLY): string {
  const zone = rules.timeZone;
  const iso = due.toISOString();
  const dueDay = localDate(iso, zone);
  const today = localDate(now.toISOString(), zone);
  const date = new Intl.DateTimeFormat("en-AU", {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    ...(dueDay.slice(0, 4) === today.slice(0, 4) ? {} : { year: "numeric" }),
  })
    .format(due)
    .replace(",", "");
  const relative = dueDay === today ? "today, " : dueDay === addDays(today, 1) ? "tomorrow, " : "on ";
  return `${formatSlotTime(iso, zone).replace(":00 ", " ")} ${zoneAbbreviation(zone, iso)} ${relative}${date}`;
}

/** What a visitor typed, shown in a Markdown reply as typed: no link, emphasis or bare address made of it. */
export function markdownText(value: string): string {
  return value.replace(/[\\`*_~[\]()<>#|!:]/g, "\\$&");
}

/** The first word of a name, for a greeting ("Mia Cartwright" → "Mia"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/**
 * The Service Assistant's answer to a visitor who has just shared their details: thanks by name,
 * where the reply will come, and when, true to the business hours and public holidays.
 */
export function thankYouReply(contact: { name: string; email: string; phone?: string | null }, now: Date, rules: ReplyRules = ENQUIRY_REPLY): string {
  const due = replyDueBy(now, rules);
  const email = markdownText(contact.email);
  const where = contact.phone ? `by email at ${email} or on ${markdownText(contact.phone)}` : `by email at ${email}`;
  return [
    `Thanks, ${markdownText(firstName(contact.name))}! Your details are with our team. ${replyPromiseText(rules)} You'll hear from us ${where} by ${dueText(due, now, rules)}.`,
    "",
    "If you'd rather pick a time to talk it through with a coach now, [book a free 20-minute discovery call](/booking). Anything else you'd like to know in the meantime? Just ask here.",
  ].join("\n");
}
