import { Form } from "@remix-run/react";
import { FormError } from "~/components/ui/form-error";
import { NOTES_MAX_LENGTH } from "~/meetings/record-limits";
import { useRecordResult, useSubmittingIntent } from "./use-record-action";

/** The coach's private notes: never shown to the client. */
export function NotesPanel({ notes }: { notes: string }) {
  const result = useRecordResult("notes");
  const busy = useSubmittingIntent("notes");
  const error = result?.errors.notes;
  return (
    <section aria-labelledby="notes-heading" className="card record-panel" id="notes">
      <h2 id="notes-heading">Private notes</h2>
      <Form method="post" className="form" preventScrollReset>
        <input type="hidden" name="intent" value="notes" />
        <FormError message={result?.errors.form} />
        <div className="field">
          <label htmlFor="record-notes">Your notes</label>
          <p className="hint" id="record-notes-hint">
            Only you can read these: they are never shown to your client. ClarityAI reads them when you ask it to draft the summary.
          </p>
          <textarea
            id="record-notes"
            name="notes"
            rows={6}
            maxLength={NOTES_MAX_LENGTH}
            defaultValue={notes}
            aria-describedby={error ? "record-notes-hint record-notes-error" : "record-notes-hint"}
            aria-invalid={error ? true : undefined}
          />
          {error ? (
            <p className="field-error" id="record-notes-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="button-row">
          <button type="submit" className="button button-secondary button-small" disabled={busy}>
            {busy ? "Saving…" : "Save notes"}
          </button>
        </div>
      </Form>
    </section>
  );
}
