import * as z from "zod";
import { BusinessTypeSchema, LeadEmailSchema, LeadNameSchema, LeadPhoneSchema } from "~/leads/lead-form";
import { LEAD_LIMITS } from "~/leads/lead-fields";
import { optionalText } from "~/utils/forms";
import { TimeIntervalSchema, WeeklyHoursSchema } from "./slots";
import { ADMIN_BOOKING_STATUSES } from "./statuses";
import { isAustralianZone } from "./time-zones";

// One schema per booking form, used by the actions and the domain alike. Form posts arrive as
// strings: numbers are coerced, checkboxes are "on" or missing, and lists of intervals arrive as
// JSON text (the editor's hidden field) or as arrays (in-process callers).

export const AU_STATES = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"] as const;
export type AuState = (typeof AU_STATES)[number];

export const BOOKING_NOTES_MAX = 1000;

/** The person booking: name and email required, the rest optional (SPEC §3 discovery details). */
export const BookingDetailsSchema = z.object({
  name: LeadNameSchema,
  email: LeadEmailSchema,
  company: optionalText(LEAD_LIMITS.company, "Company"),
  phone: LeadPhoneSchema,
  businessType: BusinessTypeSchema,
  notes: optionalText(BOOKING_NOTES_MAX, "Notes"),
});
export type BookingDetails = z.output<typeof BookingDetailsSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date, YYYY-MM-DD, that exists. */
export const LocalDateSchema = z
  .string({ error: "Please choose a date" })
  .trim()
  .regex(DATE, "Please enter the date as YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "That date doesn't exist");

/** A UTC instant as the booking pages pass it around (any ISO form with an offset), normalised to toISOString. */
export const InstantSchema = z
  .string({ error: "Please choose a time" })
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: "That time isn't valid" }))
  .transform((value) => new Date(value).toISOString());

/** A JSON text field or an already-parsed value. */
function jsonField<T extends z.ZodType>(schema: T, message: string) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return { __invalid: message };
    }
  }, schema);
}

/** A checkbox: "on"/"true"/true is ticked; missing, "", "false" and false are not. */
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true" || value === "1", z.boolean());

export const TimeZoneSchema = z
  .string({ error: "Please choose a time zone" })
  .trim()
  .refine((zone) => isAustralianZone(zone), "Please choose an Australian time zone");

/** The coach's schedule settings (the availability editor). */
export const ScheduleSettingsSchema = z.object({
  displayName: z
    .string({ error: "Please enter the name clients see" })
    .trim()
    .min(2, "Please enter the name clients see")
    .max(80, "The name must be 80 characters or fewer"),
  headline: z.string().trim().max(160, "The headline must be 160 characters or fewer").default(""),
  timeZone: TimeZoneSchema,
  state: z.enum(AU_STATES, { error: "Please choose a state or territory" }),
  weeklyHours: jsonField(WeeklyHoursSchema, "The weekly hours couldn't be read"),
  bufferMinutes: z.coerce
    .number({ error: "Enter the buffer in minutes" })
    .int("Enter whole minutes")
    .min(0, "The buffer can't be negative")
    .max(120, "The buffer can be at most 120 minutes"),
  dailyMax: z.coerce
    .number({ error: "Enter a daily maximum" })
    .int("Enter a whole number")
    .min(1, "Allow at least 1 booking a day")
    .max(24, "At most 24 a day"),
  horizonDays: z.coerce
    .number({ error: "Enter how far ahead clients can book" })
    .int("Enter whole days")
    .min(1, "Allow booking at least 1 day ahead")
    .max(365, "At most 365 days ahead"),
  observeHolidays: checkbox,
  acceptingBookings: checkbox,
});
export type ScheduleSettings = z.output<typeof ScheduleSettingsSchema>;

/** Hours for one date instead of the weekly hours; no intervals means unavailable all day. */
export const DateOverrideSchema = z.object({
  date: LocalDateSchema,
  intervals: jsonField(z.array(TimeIntervalSchema).max(12, "At most 12 periods in a day"), "The hours couldn't be read"),
});
export type DateOverrideInput = z.output<typeof DateOverrideSchema>;

export const TimeOffSchema = z
  .object({
    startsAt: InstantSchema,
    endsAt: InstantSchema,
    note: optionalText(200, "Note"),
  })
  .refine((value) => value.endsAt > value.startsAt, { path: ["endsAt"], message: "The end must be after the start" });
export type TimeOffInput = z.output<typeof TimeOffSchema>;

export { ADMIN_BOOKING_STATUSES } from "./statuses";

/** The admin bookings list's filters (query string); blank means "any". */
export const AdminBookingFilterSchema = z.object({
  coach: z
    .string()
    .trim()
    .max(80)
    .optional()
    .transform((value) => value || undefined),
  status: z
    .union([z.enum(ADMIN_BOOKING_STATUSES), z.literal("")], { error: "Please choose a status from the list" })
    .optional()
    .transform((value) => value || undefined),
  from: z
    .union([LocalDateSchema, z.literal("")])
    .optional()
    .transform((value) => value || undefined),
  to: z
    .union([LocalDateSchema, z.literal("")])
    .optional()
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type AdminBookingFilter = z.output<typeof AdminBookingFilterSchema>;

/** Choosing a slot: the type, the coach (slug, or none for the first available) and the start. */
export const SlotChoiceSchema = z.object({
  typeId: z.string({ error: "Please choose what to book" }).trim().min(1, "Please choose what to book").max(40),
  coach: z
    .string()
    .trim()
    .max(80)
    .optional()
    .transform((value) => value || null),
  startsAt: InstantSchema,
  clientTimeZone: TimeZoneSchema,
});

export const RescheduleSchema = z.object({ startsAt: InstantSchema });

export const CancelSchema = z.object({ reason: optionalText(500, "Reason") });

export const BookingOutcomeSchema = z.object({ outcome: z.enum(["completed", "no_show"], { error: "Please choose completed or no-show" }) });
