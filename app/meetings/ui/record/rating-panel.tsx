import { Form } from "@remix-run/react";
import { FormError } from "~/components/ui/form-error";
import type { RecordData } from "~/meetings/record.server";
import { RATING_COMMENT_MAX_LENGTH } from "~/meetings/record-limits";
import { useRecordResult, useSubmittingIntent } from "./use-record-action";

const SCORES = [
  [5, "5 – Excellent"],
  [4, "4 – Good"],
  [3, "3 – Okay"],
  [2, "2 – Poor"],
  [1, "1 – Very poor"],
] as const;

/** The client rates the session (1–5) with a comment, and may agree to it being published as a testimonial. */
export function RatingPanel({ rating }: { rating: NonNullable<RecordData["rating"]> }) {
  const result = useRecordResult("rate");
  const busy = useSubmittingIntent("rate");
  const given = rating.given;
  const values = result?.values as { rating?: string; comment?: string; publish?: boolean } | undefined;
  const chosen = values?.rating ?? (given ? String(given.rating) : "");
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="rating-heading" className="card record-panel" id="rating">
      <h2 id="rating-heading">Rate your session</h2>
      {given ? (
        <p>
          You rated this session <strong>{given.rating} out of 5</strong>
          {given.publish ? `, and agreed to it being published as a testimonial from “${given.attribution}”` : ""}. Thank you.
        </p>
      ) : null}
      {!rating.canRate ? (
        <p className="hint">You can rate the session once it has ended.</p>
      ) : given && rating.editsLeft === 0 ? (
        <p className="hint">You&apos;ve already changed your rating once, so it can&apos;t be changed again.</p>
      ) : (
        <Form method="post" className="form" preventScrollReset>
          <input type="hidden" name="intent" value="rate" />
          <FormError message={errors.form} />
          {given ? <p className="hint">You can change your rating once.</p> : null}
          <fieldset className="record-rating" aria-describedby={errors.rating ? "record-rating-error" : undefined}>
            <legend>How was the session?</legend>
            {SCORES.map(([score, label]) => (
              <div key={score} className="field field-checkbox">
                <input id={`record-rating-${score}`} type="radio" name="rating" value={score} defaultChecked={chosen === String(score)} required />
                <label htmlFor={`record-rating-${score}`}>{label}</label>
              </div>
            ))}
            {errors.rating ? (
              <p className="field-error" id="record-rating-error">
                {errors.rating}
              </p>
            ) : null}
          </fieldset>
          <div className="field">
            <label htmlFor="record-comment">
              Comment <span className="hint">(optional)</span>
            </label>
            <textarea
              id="record-comment"
              name="comment"
              rows={4}
              maxLength={RATING_COMMENT_MAX_LENGTH}
              defaultValue={values?.comment ?? given?.comment ?? ""}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={errors.comment ? "record-comment-error" : undefined}
            />
            {errors.comment ? (
              <p className="field-error" id="record-comment-error">
                {errors.comment}
              </p>
            ) : null}
          </div>
          <div className="field field-checkbox">
            <input
              id="record-publish"
              type="checkbox"
              name="publish"
              defaultChecked={values?.publish ?? given?.publish ?? false}
              aria-describedby="record-publish-hint"
            />
            <label htmlFor="record-publish">You may publish my rating and comment as a testimonial</label>
            <p className="hint" id="record-publish-hint">
              Shown as from “{rating.attribution}”. Leave this unticked to keep your feedback private to ClarityAI Coaching.
            </p>
          </div>
          <div className="button-row">
            <button type="submit" className="button button-primary button-small" disabled={busy}>
              {busy ? "Sending…" : given ? "Update my rating" : "Send my rating"}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
