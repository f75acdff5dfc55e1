// The weekly-hours editor's form: how its fields are named, and reading them back into a draft.
// The editor works without JavaScript, so adding or removing a row is a round trip that returns the
// draft with one row more or less (nothing is saved until "Save schedule"). Browser-safe.

/** Monday first, as an Australian week is read; values are WeeklyHours keys (0 = Sunday). */
export const WEEKDAYS = [
  { day: "1", label: "Monday" },
  { day: "2", label: "Tuesday" },
  { day: "3", label: "Wednesday" },
  { day: "4", label: "Thursday" },
  { day: "5", label: "Friday" },
  { day: "6", label: "Saturday" },
  { day: "0", label: "Sunday" },
] as const;

export type Weekday = (typeof WEEKDAYS)[number]["day"];

/** The most intervals one weekday (or one date override) can have. */
export const MAX_ROWS = 6;
/** The rows of hours the date-override form offers. */
export const OVERRIDE_ROWS = 2;

export const AU_STATES = [
  { code: "NSW", label: "New South Wales" },
  { code: "VIC", label: "Victoria" },
  { code: "QLD", label: "Queensland" },
  { code: "WA", label: "Western Australia" },
  { code: "SA", label: "South Australia" },
  { code: "TAS", label: "Tasmania" },
  { code: "ACT", label: "Australian Capital Territory" },
  { code: "NT", label: "Northern Territory" },
] as const;

export type IntervalRow = { start: string; end: string };

export type ScheduleDraft = {
  displayName: string;
  headline: string;
  timeZone: string;
  state: string;
  weeklyHours: Record<Weekday, IntervalRow[]>;
  bufferMinutes: string;
  dailyMax: string;
  observeHolidays: boolean;
  acceptingBookings: boolean;
};

export const startField = (day: string, row: number) => `d${day}-${row}-start`;
export const endField = (day: string, row: number) => `d${day}-${row}-end`;
export const ADD_ROW = "add-row";
export const REMOVE_ROW = "remove-row";

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim().slice(0, 200) : "";
}

/** The form as submitted: every row that has a start or an end, in the order shown. */
export function readScheduleDraft(formData: FormData): ScheduleDraft {
  const weeklyHours = {} as Record<Weekday, IntervalRow[]>;
  for (const { day } of WEEKDAYS) {
    const rows: IntervalRow[] = [];
    for (let row = 0; row < MAX_ROWS; row++) {
      const start = text(formData, startField(day, row));
      const end = text(formData, endField(day, row));
      if (start || end) rows.push({ start, end });
    }
    weeklyHours[day] = rows;
  }
  return {
    displayName: text(formData, "displayName"),
    headline: text(formData, "headline").slice(0, 200),
    timeZone: text(formData, "timeZone"),
    state: text(formData, "state"),
    weeklyHours,
    bufferMinutes: text(formData, "bufferMinutes"),
    dailyMax: text(formData, "dailyMax"),
    observeHolidays: formData.get("observeHolidays") === "on",
    acceptingBookings: formData.get("acceptingBookings") === "on",
  };
}

/**
 * "add-row:3" (a new empty row on Wednesday) or "remove-row:3:1" (Wednesday's second row) applied to
 * the draft; null for any other value.
 */
export function applyRowIntent(draft: ScheduleDraft, intent: string): ScheduleDraft | null {
  const [kind, day, rowText] = intent.split(":");
  if (!WEEKDAYS.some((w) => w.day === day)) return null;
  const weekday = day as Weekday;
  const rows = draft.weeklyHours[weekday];
  if (kind === ADD_ROW && rowText === undefined) {
    if (rows.length >= MAX_ROWS) return draft;
    return { ...draft, weeklyHours: { ...draft.weeklyHours, [weekday]: [...rows, { start: "", end: "" }] } };
  }
  if (kind === REMOVE_ROW && rowText !== undefined && /^\d$/.test(rowText)) {
    const row = Number(rowText);
    return { ...draft, weeklyHours: { ...draft.weeklyHours, [weekday]: rows.filter((_, index) => index !== row) } };
  }
  return null;
}

/** A time input cannot say midnight at the end of the day: an end of 00:00 means 24:00. */
export function endOfInterval(end: string): string {
  return end === "00:00" ? "24:00" : end;
}

/** WeeklyHours as the schedule keeps it, from the draft (each row [start, end]). */
export function weeklyHoursOf(draft: ScheduleDraft): Record<Weekday, [string, string][]> {
  const out = {} as Record<Weekday, [string, string][]>;
  for (const { day } of WEEKDAYS) out[day] = draft.weeklyHours[day].map((row) => [row.start, endOfInterval(row.end)]);
  return out;
}

/** The draft of a saved schedule, for the editor to show. */
export function draftOf(
  schedule: {
    timeZone: string;
    state: string;
    weeklyHours: Readonly<Record<string, readonly (readonly [string, string])[]>>;
    bufferMinutes: number;
    dailyMax: number;
    observeHolidays: boolean;
    acceptingBookings: boolean;
  },
  profile: { displayName: string; headline: string },
): ScheduleDraft {
  const weeklyHours = {} as Record<Weekday, IntervalRow[]>;
  for (const { day } of WEEKDAYS) {
    weeklyHours[day] = (schedule.weeklyHours[day] ?? []).map(([start, end]) => ({ start, end: end === "24:00" ? "00:00" : end }));
  }
  return {
    ...profile,
    timeZone: schedule.timeZone,
    state: schedule.state,
    weeklyHours,
    bufferMinutes: String(schedule.bufferMinutes),
    dailyMax: String(schedule.dailyMax),
    observeHolidays: schedule.observeHolidays,
    acceptingBookings: schedule.acceptingBookings,
  };
}
