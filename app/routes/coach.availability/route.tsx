import type { ActionFunctionArgs, LoaderFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import stylesHref from "~/styles/booking-portals.css?url";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { requireRole } from "~/auth/guards.server";
import { AU_TIME_ZONES } from "~/booking/time-zones";
import { PageHero } from "~/components/page-hero";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { NOINDEX, pageMeta } from "~/utils/meta";
import {
  addOverride,
  addTimeOffRange,
  editRows,
  loadEditor,
  refused,
  removeOverride,
  removeTimeOffRange,
  saveSchedule,
  type AvailabilityActionData,
  type AvailabilityIntent,
  type EditorData,
  type IntentArgs,
} from "./editor.server";
import { ADD_ROW, AU_STATES, endField, MAX_ROWS, OVERRIDE_ROWS, REMOVE_ROW, startField, WEEKDAYS, type ScheduleDraft } from "./schedule-form";

// The coach's availability: time zone and state, weekly hours (several intervals a day), buffer,
// daily maximum, public holidays, accepting bookings; date overrides and time off; a preview of
// the times clients are offered. Every form works without JavaScript: adding or removing a row of
// hours posts the form and comes back with the row added or removed, unsaved.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  return { editor: await loadEditor(context, viewer) };
}

type Handler = (args: IntentArgs) => Promise<Response | ReturnType<typeof refused>>;

function handlerFor(intent: string): Handler | null {
  if (intent.startsWith(`${ADD_ROW}:`) || intent.startsWith(`${REMOVE_ROW}:`)) return editRows;
  const handlers: Record<string, Handler> = {
    "save-schedule": saveSchedule,
    "add-override": addOverride,
    "remove-override": removeOverride,
    "add-time-off": addTimeOffRange,
    "remove-time-off": removeTimeOffRange,
  };
  return Object.hasOwn(handlers, intent) ? handlers[intent]! : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const handler = typeof intent === "string" && intent.length <= 40 ? handlerFor(intent) : null;
  if (!handler) return refused(null, { form: "That action isn't available. Please reload the page and try again." });
  return handler({ context, viewer, formData, intent: intent as string });
}

function useResult(intent: AvailabilityIntent) {
  const actionData = useActionData<AvailabilityActionData>();
  return actionData?.intent === intent ? actionData : undefined;
}

export default function CoachAvailability() {
  const { editor } = useLoaderData<typeof loader>();
  const actionData = useActionData<AvailabilityActionData>();
  return (
    <>
      <PageHero
        title="Your availability"
        lead="Set the hours clients can book you, in your own time zone. Times are offered to clients in theirs."
        crumbs={[{ label: "Home", to: "/" }, { label: "Coach portal", to: "/coach" }, { label: "Availability" }]}
      />
      <div className="section">
        <div className="container availability-layout">
          {actionData?.intent === null ? <FormError message={actionData.errors.form} /> : null}
          {editor.isNew ? (
            <p className="notice" role="note">
              You haven't set your availability yet. Check the name clients see and your hours, then save: clients can book you once you're accepting bookings.
            </p>
          ) : null}
          <WeeklyHoursForm editor={editor} />
          <PreviewPanel editor={editor} />
          {editor.isNew ? null : (
            <>
              <OverridesPanel editor={editor} />
              <TimeOffPanel editor={editor} />
            </>
          )}
        </div>
      </div>
    </>
  );
}

function WeeklyHoursForm({ editor }: { editor: EditorData }) {
  const save = useResult("save-schedule");
  const rows = useResult("edit-rows");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-schedule";
  const draft: ScheduleDraft = save?.draft ?? rows?.draft ?? editor.draft;
  const errors = save?.errors ?? {};
  // A new draft (a row added or removed, a refused save) must replace what the inputs show.
  const formKey = JSON.stringify(draft);
  return (
    <section className="profile-panel" aria-labelledby="weekly-heading">
      <h2 id="weekly-heading">Weekly hours</h2>
      <Form method="post" action="/coach/availability" className="availability-form" key={formKey} preventScrollReset>
        {/* Enter in any field saves, rather than pressing the first "Add hours" button. */}
        <button type="submit" name="intent" value="save-schedule" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save schedule
        </button>
        <FormError message={errors.form} />
        <div className="form-row">
          <FieldFrame id="displayName" label="Name clients see" error={errors.displayName}>
            <input
              id="displayName"
              name="displayName"
              defaultValue={draft.displayName}
              maxLength={80}
              required
              aria-invalid={errors.displayName ? true : undefined}
              aria-describedby={describedByOf("displayName", undefined, errors.displayName)}
            />
          </FieldFrame>
          <FieldFrame id="headline" label="Headline (optional)" error={errors.headline}>
            <input
              id="headline"
              name="headline"
              defaultValue={draft.headline}
              maxLength={160}
              aria-invalid={errors.headline ? true : undefined}
              aria-describedby={describedByOf("headline", undefined, errors.headline)}
            />
          </FieldFrame>
        </div>
        <div className="form-row">
          <FieldFrame id="timeZone" label="Time zone" error={errors.timeZone}>
            <select
              id="timeZone"
              name="timeZone"
              defaultValue={draft.timeZone}
              aria-invalid={errors.timeZone ? true : undefined}
              aria-describedby={describedByOf("timeZone", undefined, errors.timeZone)}
            >
              {AU_TIME_ZONES.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.label}
                </option>
              ))}
            </select>
          </FieldFrame>
          <FieldFrame id="state" label="State or territory (for public holidays)" error={errors.state}>
            <select
              id="state"
              name="state"
              defaultValue={draft.state}
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={describedByOf("state", undefined, errors.state)}
            >
              {AU_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.label}
                </option>
              ))}
            </select>
          </FieldFrame>
        </div>

        <fieldset className="availability-week">
          <legend>Hours each week ({editor.zoneAbbreviation})</legend>
          <p className="hint">Add one row for each block of time you're available. Leave a day empty when you don't work that day.</p>
          {errors.weeklyHours ? <p className="field-error">{errors.weeklyHours}</p> : null}
          {WEEKDAYS.map(({ day, label }) => {
            const dayRows = draft.weeklyHours[day];
            const dayError = errors[`weeklyHours.${day}`];
            return (
              <div key={day} className="availability-day" role="group" aria-labelledby={`day-${day}-label`}>
                <h3 id={`day-${day}-label`} className="availability-day-name">
                  {label}
                </h3>
                <div className="availability-rows">
                  {dayRows.length === 0 ? <p className="hint">Unavailable</p> : null}
                  {dayError ? (
                    <p className="field-error" id={`day-${day}-error`}>
                      {dayError}
                    </p>
                  ) : null}
                  {dayRows.map((row, index) => (
                    <div key={`${day}-${index}`} className="availability-row">
                      <div className="field">
                        <label htmlFor={startField(day, index)}>
                          {label} from<span className="visually-hidden"> (block {index + 1})</span>
                        </label>
                        <input
                          id={startField(day, index)}
                          name={startField(day, index)}
                          type="time"
                          step={900}
                          defaultValue={row.start}
                          aria-invalid={dayError ? true : undefined}
                          aria-describedby={dayError ? `day-${day}-error` : undefined}
                        />
                      </div>
                      <div className="field">
                        <label htmlFor={endField(day, index)}>
                          {label} until<span className="visually-hidden"> (block {index + 1})</span>
                        </label>
                        <input
                          id={endField(day, index)}
                          name={endField(day, index)}
                          type="time"
                          step={900}
                          defaultValue={row.end}
                          aria-invalid={dayError ? true : undefined}
                          aria-describedby={dayError ? `day-${day}-error` : undefined}
                        />
                      </div>
                      <button type="submit" name="intent" value={`${REMOVE_ROW}:${day}:${index}`} className="button button-secondary button-small">
                        Remove
                        <span className="visually-hidden">
                          {" "}
                          {label} block {index + 1}
                        </span>
                      </button>
                    </div>
                  ))}
                  {dayRows.length < MAX_ROWS ? (
                    <button type="submit" name="intent" value={`${ADD_ROW}:${day}`} className="link-button">
                      Add hours<span className="visually-hidden"> on {label}</span>
                    </button>
                  ) : null}
                </div>
              </div>
            );
          })}
        </fieldset>

        <div className="form-row">
          <FieldFrame
            id="bufferMinutes"
            label="Buffer between sessions (minutes)"
            hint="Kept free before and after every booking."
            error={errors.bufferMinutes}
          >
            <input
              id="bufferMinutes"
              name="bufferMinutes"
              type="number"
              inputMode="numeric"
              min={0}
              max={120}
              step={5}
              defaultValue={draft.bufferMinutes}
              aria-invalid={errors.bufferMinutes ? true : undefined}
              aria-describedby={describedByOf("bufferMinutes", "hint", errors.bufferMinutes)}
            />
          </FieldFrame>
          <FieldFrame id="dailyMax" label="Most sessions in a day" hint="Counted on your own calendar day." error={errors.dailyMax}>
            <input
              id="dailyMax"
              name="dailyMax"
              type="number"
              inputMode="numeric"
              min={1}
              max={24}
              defaultValue={draft.dailyMax}
              aria-invalid={errors.dailyMax ? true : undefined}
              aria-describedby={describedByOf("dailyMax", "hint", errors.dailyMax)}
            />
          </FieldFrame>
        </div>
        <p className="hint">
          Clients can book up to {editor.horizonDays} days ahead. Discovery calls need at least 12 hours' notice and paid sessions 24 hours.
        </p>
        <div className="field field-checkbox">
          <input id="observeHolidays" name="observeHolidays" type="checkbox" defaultChecked={draft.observeHolidays} />
          <label htmlFor="observeHolidays">Take public holidays in my state off (a date override still opens one)</label>
        </div>
        <div className="field field-checkbox">
          <input id="acceptingBookings" name="acceptingBookings" type="checkbox" defaultChecked={draft.acceptingBookings} />
          <label htmlFor="acceptingBookings">Accepting new bookings</label>
        </div>
        {rows ? (
          <p className="form-notice" role="status">
            Not saved yet: press “Save schedule” to keep your changes.
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" name="intent" value="save-schedule" className="button button-primary" disabled={saving}>
            {saving ? "Saving…" : "Save schedule"}
          </button>
        </div>
      </Form>
    </section>
  );
}

function PreviewPanel({ editor }: { editor: EditorData }) {
  return (
    <section className="profile-panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">What clients see</h2>
      {!editor.draft.acceptingBookings ? (
        <p>You're not accepting new bookings, so no times are offered.</p>
      ) : editor.preview.length ? (
        <>
          <p>The next times offered for a 60-minute session, in your time zone:</p>
          <ul className="availability-preview">
            {editor.preview.map((slot) => (
              <li key={slot.startsAt}>
                <time dateTime={slot.startsAt}>{slot.label}</time>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>No times are offered in the next three weeks. Add weekly hours, or check your date overrides and time off.</p>
      )}
      <h3>Upcoming public holidays</h3>
      {editor.holidays.length ? (
        <ul className="availability-holidays">
          {editor.holidays.map((holiday) => (
            <li key={holiday.date}>
              <time dateTime={holiday.date}>{holiday.label}</time>
            </li>
          ))}
        </ul>
      ) : (
        <p>None in the coming months.</p>
      )}
      <p className="hint">
        {editor.draft.observeHolidays
          ? "You're not offered on these days unless you add a date override for one."
          : "You've chosen to work public holidays: these days follow your weekly hours."}
      </p>
    </section>
  );
}

function OverridesPanel({ editor }: { editor: EditorData }) {
  const add = useResult("add-override");
  const remove = useResult("remove-override");
  const values = add?.values ?? {};
  const errors = add?.errors ?? {};
  return (
    <section className="profile-panel" aria-labelledby="overrides-heading">
      <h2 id="overrides-heading">Date overrides</h2>
      <p>Different hours on one date, or a day off. An override replaces your weekly hours for that date.</p>
      <FormError message={remove?.errors.form} />
      {editor.overrides.length ? (
        <ul className="availability-list">
          {editor.overrides.map((override) => (
            <li key={override.date}>
              <span>
                <strong>{override.label}</strong>:{" "}
                {override.intervals.length ? override.intervals.map(([start, end]) => `${start}–${end}`).join(", ") : "unavailable all day"}
              </span>
              <Form method="post" action="/coach/availability" preventScrollReset>
                <input type="hidden" name="intent" value="remove-override" />
                <input type="hidden" name="date" value={override.date} />
                <button type="submit" className="button button-secondary button-small">
                  Remove<span className="visually-hidden"> the override on {override.label}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">No date overrides.</p>
      )}
      <Form method="post" action="/coach/availability" className="form" key={add ? JSON.stringify(values) : "new"} preventScrollReset>
        <h3>Add a date override</h3>
        <input type="hidden" name="intent" value="add-override" />
        <FormError message={errors.form} />
        <FieldFrame id="override-date" label="Date" error={errors.date}>
          <input
            id="override-date"
            name="date"
            type="date"
            defaultValue={values.date}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={describedByOf("override-date", undefined, errors.date)}
          />
        </FieldFrame>
        <div className="field field-checkbox">
          <input id="override-all-day" name="allDay" type="checkbox" defaultChecked={values.allDay === "on"} />
          <label htmlFor="override-all-day">Unavailable all day</label>
        </div>
        <fieldset className="availability-override-hours">
          <legend>Or available these hours</legend>
          {Array.from({ length: OVERRIDE_ROWS }, (_, row) => (
            <div key={row} className="availability-row">
              <div className="field">
                <label htmlFor={`override-${row}-start`}>
                  From<span className="visually-hidden"> (block {row + 1})</span>
                </label>
                <input id={`override-${row}-start`} name={`override-${row}-start`} type="time" step={900} defaultValue={values[`override-${row}-start`]} />
              </div>
              <div className="field">
                <label htmlFor={`override-${row}-end`}>
                  Until<span className="visually-hidden"> (block {row + 1})</span>
                </label>
                <input id={`override-${row}-end`} name={`override-${row}-end`} type="time" step={900} defaultValue={values[`override-${row}-end`]} />
              </div>
            </div>
          ))}
        </fieldset>
        <div className="button-row">
          <button type="submit" className="button button-secondary">
            Save override
          </button>
        </div>
      </Form>
    </section>
  );
}

function TimeOffPanel({ editor }: { editor: EditorData }) {
  const add = useResult("add-time-off");
  const remove = useResult("remove-time-off");
  const values = add?.values ?? {};
  const errors = add?.errors ?? {};
  return (
    <section className="profile-panel" aria-labelledby="time-off-heading">
      <h2 id="time-off-heading">Time off</h2>
      <p>Leave, travel or anything else: no bookings are offered from the start to the end, in your time zone ({editor.zoneAbbreviation}).</p>
      <FormError message={remove?.errors.form} />
      {editor.timeOff.length ? (
        <ul className="availability-list">
          {editor.timeOff.map((range) => (
            <li key={range.id}>
              <span>
                <strong>
                  {range.from} to {range.to}
                </strong>
                {range.note ? ` — ${range.note}` : null}
              </span>
              <Form method="post" action="/coach/availability" preventScrollReset>
                <input type="hidden" name="intent" value="remove-time-off" />
                <input type="hidden" name="id" value={range.id} />
                <button type="submit" className="button button-secondary button-small">
                  Remove<span className="visually-hidden"> time off from {range.from}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">No time off booked.</p>
      )}
      <Form method="post" action="/coach/availability" className="form" key={add ? JSON.stringify(values) : "new"} preventScrollReset>
        <h3>Add time off</h3>
        <input type="hidden" name="intent" value="add-time-off" />
        <FormError message={errors.form} />
        <div className="form-row">
          <FieldFrame id="time-off-from" label="From" error={errors.from}>
            <input
              id="time-off-from"
              name="from"
              type="datetime-local"
              defaultValue={values.from}
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={describedByOf("time-off-from", undefined, errors.from)}
            />
          </FieldFrame>
          <FieldFrame id="time-off-to" label="To" error={errors.to}>
            <input
              id="time-off-to"
              name="to"
              type="datetime-local"
              defaultValue={values.to}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={describedByOf("time-off-to", undefined, errors.to)}
            />
          </FieldFrame>
        </div>
        <FieldFrame id="time-off-note" label="Note (optional, only you see it)" error={errors.note}>
          <input
            id="time-off-note"
            name="note"
            maxLength={200}
            defaultValue={values.note}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedByOf("time-off-note", undefined, errors.note)}
          />
        </FieldFrame>
        <div className="button-row">
          <button type="submit" className="button button-secondary">
            Add time off
          </button>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your availability", description: "Set the hours clients can book you.", path: "/coach/availability" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return (
    <SectionErrorBoundary
      section="coach"
      notFound={{ heading: "Availability", message: "That page isn't here." }}
      failed={{ heading: "Availability", message: "Your availability couldn't be shown just now." }}
      links={[{ to: "/coach", label: "Back to the coach portal" }]}
    />
  );
}
