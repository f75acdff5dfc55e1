import { Form, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { foldUnchanged, type FieldDiff } from "../diff";

// The revisions of an editable item (blog post, case study, learning module or lesson, page copy):
// every save is a numbered revision; two can be compared field by field (a GET form: ?from=&to=, so
// a comparison has a URL and works without JavaScript) and any one restored (a POST with
// intent=restore and revision=<number>: the route copies its fields back and saves that as a new
// revision, so nothing is ever lost). Times arrive already formatted in the admin's zone.

export type RevisionRow = { number: number; note: string; authorName: string; when: string };
export type RevisionCompare = { from: number; to: number; fields: FieldDiff[] };

export const RESTORE_INTENT = "restore";

export function RevisionsPanel({
  revisions,
  compare,
  restoreIntent = RESTORE_INTENT,
  canRestore = true,
}: {
  /** Newest first. */
  revisions: RevisionRow[];
  compare: RevisionCompare | null;
  restoreIntent?: string;
  canRestore?: boolean;
}) {
  const headingId = useId();
  const navigation = useNavigation();
  const restoring = navigation.state !== "idle" && navigation.formData?.get("intent") === restoreIntent;
  const latest = revisions[0]?.number ?? 0;
  const defaultFrom = compare?.from ?? revisions[1]?.number ?? latest;
  const defaultTo = compare?.to ?? latest;

  return (
    <section className="revisions-panel card" aria-labelledby={headingId} id="revisions">
      <h2 id={headingId}>Revisions</h2>
      {revisions.length === 0 ? (
        <p>No revisions yet: the first save makes one.</p>
      ) : (
        <>
          <p className="hint">Every save is kept. Restoring a revision copies it into the editor and saves it as a new revision, so you can always go back.</p>
          <ol className="revisions-list" reversed>
            {revisions.map((revision) => (
              <li key={revision.number} className="revisions-item">
                <div>
                  <strong>{`Revision ${revision.number}`}</strong>
                  {revision.number === latest ? <span className="badge">Current</span> : null}
                  <br />
                  <span className="hint">
                    {revision.when} · {revision.authorName}
                  </span>
                  {revision.note ? <p className="revisions-note">{revision.note}</p> : null}
                </div>
                {canRestore && revision.number !== latest ? (
                  <Form method="post" className="revisions-restore">
                    <input type="hidden" name="intent" value={restoreIntent} />
                    <input type="hidden" name="revision" value={revision.number} />
                    <button type="submit" className="button button-secondary" disabled={restoring}>
                      Restore<span className="visually-hidden"> revision {revision.number}</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
          {revisions.length > 1 ? (
            <Form method="get" className="revisions-compare-form" preventScrollReset>
              <fieldset>
                <legend>Compare two revisions</legend>
                <div className="revisions-compare-fields">
                  <RevisionSelect name="from" label="From" revisions={revisions} defaultValue={defaultFrom} />
                  <RevisionSelect name="to" label="To" revisions={revisions} defaultValue={defaultTo} />
                  <button type="submit" className="button button-secondary">
                    Compare
                  </button>
                </div>
              </fieldset>
            </Form>
          ) : null}
          {compare ? <RevisionDiff compare={compare} /> : null}
        </>
      )}
    </section>
  );
}

function RevisionSelect({ name, label, revisions, defaultValue }: { name: string; label: string; revisions: RevisionRow[]; defaultValue: number }) {
  const id = `revision-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={String(defaultValue)}>
        {revisions.map((r) => (
          <option key={r.number} value={r.number}>
            Revision {r.number} ({r.when})
          </option>
        ))}
      </select>
    </div>
  );
}

const MARK = { same: " ", added: "+", removed: "−" } as const;
const SPOKEN = { same: "", added: "Added: ", removed: "Removed: " } as const;

export function RevisionDiff({ compare }: { compare: RevisionCompare }) {
  const changed = compare.fields.filter((f) => f.changed);
  const unchanged = compare.fields.filter((f) => !f.changed);
  return (
    <div className="revision-diff" aria-live="polite">
      <h3>{`Revision ${compare.from} → revision ${compare.to}`}</h3>
      {changed.length === 0 ? <p>These revisions are the same.</p> : null}
      {changed.map((field) => (
        <div key={field.field} className="revision-diff-field">
          <h4>{field.label}</h4>
          <ol className="revision-diff-lines" aria-label={`Changes to ${field.label}`}>
            {foldUnchanged(field.lines).map((line, index) =>
              line.kind === "skipped" ? (
                <li key={index} className="revision-diff-line revision-diff-skipped">
                  … {line.count === 1 ? "1 unchanged line" : `${line.count} unchanged lines`}
                </li>
              ) : (
                <li key={index} className={`revision-diff-line revision-diff-${line.kind}`}>
                  <span aria-hidden="true" className="revision-diff-mark">
                    {MARK[line.kind]}
                  </span>
                  {SPOKEN[line.kind] ? <span className="visually-hidden">{SPOKEN[line.kind]}</span> : null}
                  {line.kind === "added" ? (
                    <ins>{line.text || " "}</ins>
                  ) : line.kind === "removed" ? (
                    <del>{line.text || " "}</del>
                  ) : (
                    <span>{line.text || " "}</span>
                  )}
                </li>
              ),
            )}
          </ol>
        </div>
      ))}
      {unchanged.length > 0 ? <p className="hint">Unchanged: {unchanged.map((f) => f.label).join(", ")}.</p> : null}
    </div>
  );
}
