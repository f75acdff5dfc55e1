import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Viewer } from "~/auth/web-sessions.server";
import { addTimeOff, getScheduleForEditor, removeDateOverride, removeTimeOff, saveScheduleSettings, setDateOverride } from "~/booking/availability.server";
import { BookingError } from "~/booking/errors";
import { publicHolidays } from "~/booking/holidays.server";
import { getBookingType, getCoachById } from "~/booking/catalogue.server";
import { coachSlots } from "~/booking/slots.server";
import { loadOnboardingChecklist } from "~/coach-network/onboarding.server";
import { describeZone, formatDateTime, formatSlotDate, localDate, zoneCity } from "~/booking/time-zones";
import { redirectWithToast } from "~/platform/toast.server";
import { zonedToUtc } from "~/utils/zoned-time";
import { DateOverrideSchema, LocalDateSchema, ScheduleSettingsSchema, TimeOffSchema } from "~/booking/schemas";
import { applyRowIntent, draftOf, endOfInterval, OVERRIDE_ROWS, readScheduleDraft, weeklyHoursOf, type ScheduleDraft } from "./schedule-form";

// The coach's availability editor: what the page shows, and one handler per form (`intent`).

export const EDITOR_PATH = "/coach/availability";
/** How many upcoming public holidays and offered times the page previews. */
const HOLIDAYS_SHOWN = 6;
const PREVIEW_SLOTS = 8;
/** The preview looks this far ahead for the first offered times. */
const PREVIEW_DAYS = 21;

export type AvailabilityIntent = "save-schedule" | "edit-rows" | "add-override" | "remove-override" | "add-time-off" | "remove-time-off";

export type AvailabilityActionData = {
  intent: AvailabilityIntent | null;
  errors: Record<string, string>;
  /** The weekly-hours form as submitted (after adding or removing a row, or when refused). */
  draft?: ScheduleDraft;
  /** A refused override or time-off form, as typed. */
  values?: Record<string, string>;
};

export function refused(intent: AvailabilityIntent | null, errors: Record<string, string>, extra: Partial<AvailabilityActionData> = {}, status = 400) {
  return data<AvailabilityActionData>({ intent, errors, ...extra }, { status });
}

/** Where a new schedule starts: weekdays 9 to 5 in Sydney. */
const NEW_SCHEDULE: Parameters<typeof draftOf>[0] = {
  timeZone: "Australia/Sydney",
  state: "NSW",
  weeklyHours: {
    "0": [],
    "1": [["09:00", "17:00"]],
    "2": [["09:00", "17:00"]],
    "3": [["09:00", "17:00"]],
    "4": [["09:00", "17:00"]],
    "5": [["09:00", "17:00"]],
    "6": [],
  },
  bufferMinutes: 15,
  dailyMax: 6,
  observeHolidays: true,
  acceptingBookings: false,
};

/** How far ahead clients can book: fixed, shown to the coach. */
export const HORIZON_DAYS = 60;

/** Everything the editor shows: the schedule, the next public holidays in the coach's state and a preview of offered times. */
export async function loadEditor(context: AppLoadContext, viewer: Viewer, now = new Date()) {
  const { schedule, overrides, timeOff } = await getScheduleForEditor(context.db, viewer.id, now);
  const settings = schedule ?? NEW_SCHEDULE;
  const zone = settings.timeZone;
  const today = localDate(now.toISOString(), zone);
  const year = Number(today.slice(0, 4));
  const holidays = publicHolidays(settings.state, year, year + 1)
    .filter((date) => date >= today)
    .slice(0, HOLIDAYS_SHOWN)
    .map((date) => ({ date, label: dateLabel(date) }));
  // The times this schedule offers, read from the coach's own calendar: a coach still onboarding is
  // not on the booking page yet, but sees what clients will be offered once they are.
  const [previewType, coach] = schedule?.acceptingBookings
    ? await Promise.all([getBookingType(context.db, "session-60"), getCoachById(context.db, viewer.id)])
    : [];
  const previewSlots =
    previewType && coach ? await coachSlots(context.db, coach, previewType, now, new Date(now.getTime() + PREVIEW_DAYS * 86_400_000), now) : null;
  const preview = (previewSlots?.slots ?? []).slice(0, PREVIEW_SLOTS).map((slot) => ({ startsAt: slot.startsAt, label: formatDateTime(slot.startsAt, zone) }));
  const viewerName = [viewer.firstName, viewer.lastName].filter(Boolean).join(" ");
  return {
    isNew: schedule === null,
    /** "Brisbane time (AEST)", or "Sydney time (AEDT until 5 April 2026, then AEST)": weekly hours hold all year. */
    zoneLabel: describeZone(zone, now),
    zoneCity: zoneCity(zone),
    draft: draftOf(settings, { displayName: schedule?.displayName ?? viewerName, headline: schedule?.headline ?? "" }),
    horizonDays: schedule?.horizonDays ?? HORIZON_DAYS,
    overrides: overrides.map((override) => ({ date: override.date, label: dateLabel(override.date), intervals: override.intervals })),
    timeOff: timeOff.map((range) => ({
      id: range.id,
      note: range.note,
      from: formatDateTime(range.startsAt, zone),
      to: formatDateTime(range.endsAt, zone),
    })),
    holidays,
    preview,
  };
}

/** A local calendar date ("2026-12-25") written out: "Friday 25 December 2026". */
function dateLabel(date: string) {
  // Midday UTC is the same calendar date when read in UTC.
  return formatSlotDate(`${date}T12:00:00.000Z`, "UTC");
}

export type EditorData = Awaited<ReturnType<typeof loadEditor>>;

/** The first problem with each field: "weeklyHours.3" for a weekday's hours. */
function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [first, second] = issue.path.map(String);
    const key = first === "weeklyHours" && second !== undefined ? `weeklyHours.${second}` : (first ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

export type IntentArgs = { context: AppLoadContext; viewer: Viewer; formData: FormData; intent: string };

function bookingRefusal(intent: AvailabilityIntent, error: unknown, extra: Partial<AvailabilityActionData> = {}) {
  if (error instanceof BookingError && error.status < 500) return refused(intent, { form: error.message }, extra, error.status === 404 ? 404 : 400);
  throw error;
}

function toast(context: AppLoadContext, title: string, description?: string) {
  return redirectWithToast(EDITOR_PATH, { title, description, variant: "success" }, context.env.SESSION_SECRET);
}

/** Adds or removes a row of the weekly hours: the draft comes back, unsaved. */
export async function editRows({ formData, intent }: IntentArgs) {
  const draft = readScheduleDraft(formData);
  const edited = applyRowIntent(draft, intent);
  if (!edited) return refused(null, { form: "That action isn't available. Please reload the page and try again." });
  return data<AvailabilityActionData>({ intent: "edit-rows", errors: {}, draft: edited });
}

export async function saveSchedule({ context, viewer, formData }: IntentArgs) {
  const draft = readScheduleDraft(formData);
  const existing = await getScheduleForEditor(context.db, viewer.id);
  const parsed = ScheduleSettingsSchema.safeParse({
    ...draft,
    weeklyHours: weeklyHoursOf(draft),
    horizonDays: existing.schedule?.horizonDays ?? HORIZON_DAYS,
  });
  if (!parsed.success) {
    const errors = issuesByField(parsed.error.issues);
    return refused("save-schedule", { form: "Please check the highlighted fields and try again.", ...errors }, { draft });
  }
  try {
    await saveScheduleSettings(context.db, viewer.id, parsed.data);
  } catch (error) {
    return bookingRefusal("save-schedule", error, { draft });
  }
  // Hours may be the last step of onboarding: the coach becomes bookable now if so.
  const checklist = await loadOnboardingChecklist(context.db, viewer.id, context.services.clock.now());
  return toast(
    context,
    "Schedule saved",
    !parsed.data.acceptingBookings
      ? "You're not accepting new bookings."
      : checklist.complete
        ? "Clients can book the times shown in the preview."
        : "Clients can book these times once your onboarding checklist is complete.",
  );
}

function field(formData: FormData, name: string, max = 200) {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}

export async function addOverride({ context, viewer, formData }: IntentArgs) {
  const values: Record<string, string> = { date: field(formData, "date"), allDay: formData.get("allDay") === "on" ? "on" : "" };
  const intervals: [string, string][] = [];
  for (let row = 0; row < OVERRIDE_ROWS; row++) {
    const start = field(formData, `override-${row}-start`);
    const end = field(formData, `override-${row}-end`);
    values[`override-${row}-start`] = start;
    values[`override-${row}-end`] = end;
    if (start || end) intervals.push([start, endOfInterval(end)]);
  }
  if (!values.allDay && intervals.length === 0) {
    return refused("add-override", { form: "Add the hours you're available that day, or tick “Unavailable all day”." }, { values });
  }
  const parsed = DateOverrideSchema.safeParse({ date: values.date, intervals: values.allDay ? [] : intervals });
  if (!parsed.success) {
    const errors = issuesByField(parsed.error.issues);
    const problems = { date: errors.date, form: errors.intervals ?? (errors.date ? undefined : errors.form) };
    return refused("add-override", Object.fromEntries(Object.entries(problems).filter((entry): entry is [string, string] => Boolean(entry[1]))), { values });
  }
  const schedule = await getScheduleForEditor(context.db, viewer.id);
  if (!schedule.schedule) return refused("add-override", { form: "Save your weekly hours first." }, { values });
  if (parsed.data.date < localDate(new Date().toISOString(), schedule.schedule.timeZone)) {
    return refused("add-override", { date: "Choose today or a later date." }, { values });
  }
  await setDateOverride(context.db, viewer.id, parsed.data.date, parsed.data.intervals);
  return toast(context, "Date override saved", `${dateLabel(parsed.data.date)}: ${describeIntervals(parsed.data.intervals)}.`);
}

function describeIntervals(intervals: [string, string][]) {
  return intervals.length ? intervals.map(([start, end]) => `${start}–${end}`).join(", ") : "unavailable all day";
}

export async function removeOverride({ context, viewer, formData }: IntentArgs) {
  const parsed = LocalDateSchema.safeParse(field(formData, "date"));
  const removed = parsed.success && (await removeDateOverride(context.db, viewer.id, parsed.data));
  if (!removed) return refused("remove-override", { form: "That date override wasn't found. It may have been removed already." }, {}, 404);
  return toast(context, "Date override removed");
}

export async function addTimeOffRange({ context, viewer, formData }: IntentArgs) {
  const values = { from: field(formData, "from"), to: field(formData, "to"), note: field(formData, "note", 400) };
  const { schedule } = await getScheduleForEditor(context.db, viewer.id);
  if (!schedule) return refused("add-time-off", { form: "Save your weekly hours first." }, { values });
  const startsAt = zonedToUtc(values.from, schedule.timeZone);
  const endsAt = zonedToUtc(values.to, schedule.timeZone);
  const errors: Record<string, string> = {};
  if (!startsAt) errors.from = "Enter the date and time the time off starts.";
  if (!endsAt) errors.to = "Enter the date and time the time off ends.";
  const parsed = TimeOffSchema.safeParse({ startsAt, endsAt, note: values.note });
  if (Object.keys(errors).length || !parsed.success) {
    const issues = parsed.success ? {} : issuesByField(parsed.error.issues);
    const fields = { from: errors.from, to: errors.to ?? issues.endsAt, note: issues.note };
    return refused("add-time-off", Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1]))), { values });
  }
  if (parsed.data.endsAt <= new Date().toISOString()) return refused("add-time-off", { to: "That time off has already ended." }, { values });
  try {
    await addTimeOff(context.db, viewer.id, parsed.data);
  } catch (error) {
    return bookingRefusal("add-time-off", error, { values });
  }
  const zone = schedule.timeZone;
  return toast(context, "Time off added", `${formatDateTime(parsed.data.startsAt, zone)} to ${formatDateTime(parsed.data.endsAt, zone)}.`);
}

export async function removeTimeOffRange({ context, viewer, formData }: IntentArgs) {
  const id = field(formData, "id", 100);
  const removed = id !== "" && (await removeTimeOff(context.db, viewer.id, id));
  if (!removed) return refused("remove-time-off", { form: "That time off wasn't found. It may have been removed already." }, {}, 404);
  return toast(context, "Time off removed");
}
