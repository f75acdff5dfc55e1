import { Form } from "@remix-run/react";
import { FormError } from "~/components/ui/form-error";
import type { RecordData } from "~/meetings/record.server";
import { useRecordResult, useSubmittingIntent } from "./use-record-action";

const CREDIT_WORDS = {
  spent: "This session was paid with a package credit: it stays used whether the session is completed or a no-show (a no-show counts as a late cancellation).",
  returned: "This session's package credit was returned to the client.",
  none: "No package credit is involved (a free call, or paid by card): marking it records the outcome only.",
} as const;

/** The coach marks the session completed or a no-show (from its start until the change period ends). */
export function OutcomePanel({ session, outcome }: { session: RecordData["session"]; outcome: NonNullable<RecordData["outcome"]> }) {
  const result = useRecordResult("outcome");
  const busy = useSubmittingIntent("outcome");
  const marked = session.status === "completed" || session.status === "no_show";
  return (
    <section aria-labelledby="outcome-heading" className="card record-panel" id="outcome">
      <h2 id="outcome-heading">Outcome</h2>
      <p>
        Status: <strong>{session.statusLabel}</strong>
      </p>
      <p className="hint">{CREDIT_WORDS[outcome.credit]}</p>
      <FormError message={result?.errors.form ?? result?.errors.outcome} />
      {outcome.canMark ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="outcome" />
          <p className="hint">
            {marked ? "You can change it" : "Mark it"} until {outcome.deadline}.
          </p>
          <div className="button-row">
            <button
              type="submit"
              name="outcome"
              value="completed"
              className="button button-primary button-small"
              disabled={busy}
              aria-pressed={session.status === "completed"}
            >
              Mark completed
            </button>
            <button
              type="submit"
              name="outcome"
              value="no_show"
              className="button button-secondary button-small"
              disabled={busy}
              aria-pressed={session.status === "no_show"}
            >
              Mark no-show
            </button>
          </div>
        </Form>
      ) : (
        <p className="hint">
          {outcome.started
            ? `The outcome can no longer be changed here (${outcome.changeDays} days after the session). An administrator can still change it.`
            : "You can mark the session completed or a no-show once it has started."}
        </p>
      )}
    </section>
  );
}
