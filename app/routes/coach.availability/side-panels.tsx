import { Form } from "@remix-run/react";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import type { EditorData } from "./editor.server";
import { OVERRIDE_ROWS } from "./schedule-form";
import { useResult } from "./weekly-hours-form";

// The availability page's other panels: the preview of times offered, date overrides and time off.

export function PreviewPanel({ editor }: { editor: EditorData }) {
  return (
    <section className="profile-panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">What clients see</h2>
      {!editor.draft.acceptingBookings ? (
        <p>You're not accepting new bookings, so no times are offered.</p>
      ) : editor.preview.length ? (
        <>
          <p>The next times offered for a 60-minute session, in your time zone ({editor.zoneCity} time):</p>
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

export function OverridesPanel({ editor }: { editor: EditorData }) {
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

export function TimeOffPanel({ editor }: { editor: EditorData }) {
  const add = useResult("add-time-off");
  const remove = useResult("remove-time-off");
  const values = add?.values ?? {};
  const errors = add?.errors ?? {};
  return (
    <section className="profile-panel" aria-labelledby="time-off-heading">
      <h2 id="time-off-heading">Time off</h2>
      <p>Leave, travel or anything else: no bookings are offered from the start to the end, in your time zone, {editor.zoneLabel}.</p>
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
