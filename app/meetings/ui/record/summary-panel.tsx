import { Form, Link } from "@remix-run/react";
import { FormError } from "~/components/ui/form-error";
import type { RecordData } from "~/meetings/record.server";
import { ACTION_ITEM_MAX_LENGTH, ACTION_ITEMS_MAX, BLANK_ACTION_ROWS, SUMMARY_MAX_LENGTH } from "~/meetings/record-limits";
import { SummaryView } from "./summary-view";
import { useRecordResult, useSubmittingIntent } from "./use-record-action";

/** The client's way from the plan to the AI coach: a conversation that starts with the plan, or how to subscribe. */
function DiscussPlan({ canDiscuss }: { canDiscuss: boolean }) {
  const result = useRecordResult("discuss-plan");
  const busy = useSubmittingIntent("discuss-plan");
  if (!canDiscuss) {
    return (
      <p className="hint">
        Want help working through your plan between sessions? ClarityAI subscribers can discuss it with the AI coach.{" "}
        <Link to="/services/clarityai">See the ClarityAI plans</Link>.
      </p>
    );
  }
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="discuss-plan" />
      <FormError message={result?.errors.form} />
      <button type="submit" className="button button-primary button-small" disabled={busy}>
        {busy ? "Opening ClarityAI…" : "Discuss this plan with ClarityAI"}
      </button>
    </Form>
  );
}

/** The summary for the client, an admin, or the coach once sent. */
export function SentSummaryPanel({
  summary,
  viewerRole,
  canDiscuss,
}: {
  summary: NonNullable<RecordData["summary"]>;
  viewerRole: RecordData["viewerRole"];
  canDiscuss: boolean;
}) {
  return (
    <section aria-labelledby="summary-heading" className="card record-panel" id="summary">
      <h2 id="summary-heading">Session summary</h2>
      {summary.sentOn ? <p className="hint">Sent on {summary.sentOn}.</p> : null}
      <SummaryView summary={summary} />
      {viewerRole === "client" ? <DiscussPlan canDiscuss={canDiscuss} /> : null}
    </section>
  );
}

/** The coach's summary form: draft with ClarityAI, edit, save, send. Works without JavaScript. */
export function SummaryEditor({ summary }: { summary: RecordData["summary"] }) {
  const saveResult = useRecordResult("save-summary");
  const sendResult = useRecordResult("send-summary");
  const draftResult = useRecordResult("draft-summary");
  const result = sendResult ?? saveResult;
  const busy = useSubmittingIntent("save-summary", "send-summary", "draft-summary");
  const drafting = useSubmittingIntent("draft-summary");
  // A refused form comes back with what was typed; otherwise the stored draft.
  const sent = result?.values as { summary?: string; items?: { text: string; due: string }[] } | undefined;
  const text = sent?.summary ?? summary?.text ?? "";
  const items = sent?.items ?? summary?.items.map((item) => ({ text: item.text, due: item.due ?? "" })) ?? [];
  const rows = [...items, ...Array.from({ length: BLANK_ACTION_ROWS }, () => ({ text: "", due: "" }))].slice(0, ACTION_ITEMS_MAX);
  const summaryError = result?.errors.summary;
  const itemsError = result?.errors.items;
  return (
    <section aria-labelledby="summary-heading" className="card record-panel" id="summary">
      <h2 id="summary-heading">Summary for your client</h2>
      <p className="hint">
        A short summary and the action items you agreed. Your client gets it by email and in their Bookings tab; once sent it can't be changed.
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="draft-summary" />
        <FormError message={draftResult?.errors.form} />
        <button type="submit" className="button button-secondary button-small" disabled={busy}>
          {drafting ? "Drafting…" : "Draft with ClarityAI"}
        </button>
        <p className="hint">Drafts from your private notes and the chat from the call, replacing the unsent draft below.</p>
      </Form>
      {summary?.draftSource === "model" ? (
        <p className="notice" role="status">
          ClarityAI drafted this from your notes and the call&apos;s chat. Check and edit it before sending.
        </p>
      ) : summary?.draftSource === "template" ? (
        <p className="notice" role="status">
          Template draft: no AI model is available here, so this was built from your notes and the chat. Rewrite it in your own words (and remove the label
          line) before sending.
        </p>
      ) : null}
      <Form method="post" className="form record-summary-form" preventScrollReset>
        <FormError message={result?.errors.form} />
        <div className="field">
          <label htmlFor="record-summary">Summary</label>
          <textarea
            id="record-summary"
            name="summary"
            rows={6}
            maxLength={SUMMARY_MAX_LENGTH}
            defaultValue={text}
            key={text}
            aria-invalid={summaryError ? true : undefined}
            aria-describedby={summaryError ? "record-summary-error" : undefined}
          />
          {summaryError ? (
            <p className="field-error" id="record-summary-error">
              {summaryError}
            </p>
          ) : null}
        </div>
        <fieldset className="record-items" aria-describedby={itemsError ? "record-items-error" : "record-items-hint"}>
          <legend>Action items</legend>
          <p className="hint" id="record-items-hint">
            Up to {ACTION_ITEMS_MAX}; leave a row empty to skip it. Save the draft to get more rows.
          </p>
          {itemsError ? (
            <p className="field-error" id="record-items-error">
              {itemsError}
            </p>
          ) : null}
          <ol className="record-item-rows">
            {rows.map((row, index) => (
              <li key={`${index}-${row.text}`} className="record-item-row">
                <div className="field">
                  <label htmlFor={`record-item-${index}`}>Action item {index + 1}</label>
                  <input id={`record-item-${index}`} name="itemText" type="text" maxLength={ACTION_ITEM_MAX_LENGTH} defaultValue={row.text} />
                </div>
                <div className="field record-item-due">
                  <label htmlFor={`record-item-due-${index}`}>
                    Due <span className="hint">(optional)</span>
                  </label>
                  <input id={`record-item-due-${index}`} name="itemDue" type="date" defaultValue={row.due} />
                </div>
              </li>
            ))}
          </ol>
        </fieldset>
        <div className="button-row">
          <button type="submit" name="intent" value="save-summary" className="button button-secondary button-small" disabled={busy}>
            Save draft
          </button>
          <button type="submit" name="intent" value="send-summary" className="button button-primary button-small" disabled={busy}>
            Send to your client
          </button>
        </div>
      </Form>
    </section>
  );
}
