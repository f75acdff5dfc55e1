import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AU_TIME_ZONES } from "~/booking/time-zones";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { SelectField } from "~/components/ui/select-field";
import type { AvailabilityActionData, AvailabilityIntent, EditorData } from "./editor.server";
import { ADD_ROW, AU_STATES, endField, MAX_ROWS, REMOVE_ROW, startField, WEEKDAYS, type ScheduleDraft } from "./schedule-form";

// The weekly-hours form of the availability page: name, time zone and state, the hours of each
// weekday (rows added and removed by posting the form), buffer, daily maximum and the two switches.

const ZONE_OPTIONS = AU_TIME_ZONES.map((zone) => ({ value: zone.id, label: zone.label }));
const STATE_OPTIONS = AU_STATES.map((state) => ({ value: state.code, label: state.label }));

/** The answer of the last post, when it was this form's intent. */
export function useResult(intent: AvailabilityIntent) {
  const actionData = useActionData<AvailabilityActionData>();
  return actionData?.intent === intent ? actionData : undefined;
}

export function WeeklyHoursForm({ editor }: { editor: EditorData }) {
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
          <SelectField id="timeZone" name="timeZone" label="Time zone" defaultValue={draft.timeZone} error={errors.timeZone} options={ZONE_OPTIONS} />
          <SelectField
            id="state"
            name="state"
            label="State or territory (for public holidays)"
            defaultValue={draft.state}
            error={errors.state}
            options={STATE_OPTIONS}
          />
        </div>

        <fieldset className="availability-week">
          <legend>Hours each week, {editor.zoneLabel}</legend>
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
