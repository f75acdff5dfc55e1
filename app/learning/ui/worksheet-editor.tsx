import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { TableScroll } from "~/components/ui/table-scroll";
import { useHydrated } from "~/utils/use-hydrated";
import type { TemplateField, WorksheetSpec } from "../types";
import type { SopAnswers, TemplateAnswers } from "../worksheets/documents";
import { calculateForecast, FORECAST_WEEKS, weekLabel, type ForecastAnswers } from "../worksheets/forecast";
import { formatCents, parseDollars } from "../worksheets/money";
import { calculatePricing, GST_RATE_PERCENT, type PricingAnswers } from "../worksheets/pricing";
import { readAnswers } from "../worksheets/stored";
import type { WorksheetPanelProps } from "./worksheet-props";

// The worksheet's form: every input is named by the path of its value, so the same form saves with
// fetch (field errors beside their inputs, no reload) or, without JavaScript, as a plain post. Totals
// update as the owner types; downloads use the saved answers (unsaved changes are saved first).

type Errors = Record<string, string>;
type Status = { kind: "idle" | "saving" | "saved" | "error"; message: string };

const FORMATS: Record<WorksheetSpec["kind"], { format: string; label: string }[]> = {
  "cash-flow-forecast": [
    { format: "xlsx", label: "Download Excel (.xlsx)" },
    { format: "csv", label: "Download CSV" },
  ],
  "pricing-calculator": [{ format: "csv", label: "Download CSV" }],
  sop: [
    { format: "pdf", label: "Download PDF" },
    { format: "txt", label: "Download text (.txt)" },
  ],
  template: [
    { format: "pdf", label: "Download PDF" },
    { format: "txt", label: "Download text (.txt)" },
  ],
};

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-AU", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "Australia/Sydney" });

const idOf = (name: string) => `ws-${name.replace(/\./g, "-")}`;
const describedBy = (name: string, errors: Errors, hint?: boolean) =>
  [hint ? `${idOf(name)}-hint` : null, errors[name] ? `${idOf(name)}-error` : null].filter(Boolean).join(" ") || undefined;

function ErrorText({ name, errors }: { name: string; errors: Errors }) {
  return errors[name] ? (
    <p className="field-error" id={`${idOf(name)}-error`}>
      {errors[name]}
    </p>
  ) : null;
}

function TextField(props: {
  name: string;
  label: string;
  hint?: string;
  errors: Errors;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  rows?: number;
}) {
  const { name, label, hint, errors, value, onChange, multiline } = props;
  const common = {
    id: idOf(name),
    name,
    value,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(name, errors, Boolean(hint)),
  };
  return (
    <div className="field">
      <label htmlFor={idOf(name)}>{label}</label>
      {hint ? (
        <p className="hint" id={`${idOf(name)}-hint`}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} rows={props.rows ?? 4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      <ErrorText name={name} errors={errors} />
    </div>
  );
}

const amountText = (value: number) => (value === 0 ? "" : String(value));
const dollars = (text: string, allowNegative = false) => parseDollars(text, { allowNegative }) ?? 0;
let nextKey = 0;
const key = () => `line-${(nextKey += 1)}`;

// ---- The 13-week cash-flow forecast ----

type LineState = { key: string; label: string; amounts: string[] };
type ForecastState = { firstWeekStarting: string; openingBalance: string; minimumBuffer: string; receipts: LineState[]; payments: LineState[] };

function forecastState(answers: ForecastAnswers): ForecastState {
  const lines = (list: ForecastAnswers["receipts"]) => list.map((line) => ({ key: key(), label: line.label, amounts: line.amounts.map(amountText) }));
  return {
    firstWeekStarting: answers.firstWeekStarting,
    openingBalance: amountText(answers.openingBalance),
    minimumBuffer: amountText(answers.minimumBuffer),
    receipts: lines(answers.receipts),
    payments: lines(answers.payments),
  };
}

function ForecastFields({ initial, errors, onDirty }: { initial: ForecastAnswers; errors: Errors; onDirty: () => void }) {
  const [state, setState] = useState(() => forecastState(initial));
  const hydrated = useHydrated();
  const update = (change: (state: ForecastState) => ForecastState) => {
    setState(change);
    onDirty();
  };
  const result = useMemo(
    () =>
      calculateForecast({
        firstWeekStarting: state.firstWeekStarting,
        openingBalance: dollars(state.openingBalance, true),
        minimumBuffer: dollars(state.minimumBuffer),
        receipts: state.receipts.map((line) => ({ label: line.label, amounts: line.amounts.map((a) => dollars(a)) })),
        payments: state.payments.map((line) => ({ label: line.label, amounts: line.amounts.map((a) => dollars(a)) })),
      }),
    [state],
  );
  const weeks = Array.from({ length: FORECAST_WEEKS }, (_, w) => w + 1);
  const label = (week: number) => weekLabel(state.firstWeekStarting, week);
  const lowestBelowZero = result.lowest.balance < 0;

  const lineRows = (section: "receipts" | "payments", totals: number[]) =>
    state[section].map((line, i) => {
      const name = `${section}.${i}`;
      const lineName = line.label.trim() || `${section === "receipts" ? "Receipt" : "Payment"} line ${i + 1}`;
      return (
        <tr key={line.key}>
          <th scope="row">
            <input
              className="worksheet-line-label"
              id={idOf(`${name}.label`)}
              name={`${name}.label`}
              value={line.label}
              aria-label={`${section === "receipts" ? "Receipt" : "Payment"} line ${i + 1}: name`}
              aria-invalid={errors[`${name}.label`] ? true : undefined}
              aria-describedby={describedBy(`${name}.label`, errors)}
              onChange={(event) => update((s) => ({ ...s, [section]: s[section].map((l, j) => (j === i ? { ...l, label: event.target.value } : l)) }))}
            />
            <ErrorText name={`${name}.label`} errors={errors} />
            {hydrated ? (
              <button
                type="button"
                className="worksheet-remove"
                aria-label={`Remove ${lineName}`}
                onClick={() => update((s) => ({ ...s, [section]: s[section].filter((_, j) => j !== i) }))}
              >
                Remove
              </button>
            ) : null}
          </th>
          {line.amounts.map((amount, w) => {
            const cell = `${name}.amounts.${w}`;
            return (
              <td key={w}>
                <input
                  className="worksheet-amount"
                  id={idOf(cell)}
                  name={cell}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0"
                  value={amount}
                  aria-label={`${lineName}, ${label(w + 1)}`}
                  aria-invalid={errors[cell] ? true : undefined}
                  aria-describedby={describedBy(cell, errors)}
                  onChange={(event) =>
                    update((s) => ({
                      ...s,
                      [section]: s[section].map((l, j) => (j === i ? { ...l, amounts: l.amounts.map((a, k) => (k === w ? event.target.value : a)) } : l)),
                    }))
                  }
                />
                <ErrorText name={cell} errors={errors} />
              </td>
            );
          })}
          <td className="worksheet-total">{formatCents(totals[i] ?? 0)}</td>
        </tr>
      );
    });

  const addLine = (section: "receipts" | "payments") =>
    hydrated ? (
      <tr className="worksheet-add-row">
        <td colSpan={FORECAST_WEEKS + 2}>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => update((s) => ({ ...s, [section]: [...s[section], { key: key(), label: "", amounts: Array<string>(FORECAST_WEEKS).fill("") }] }))}
          >
            Add a {section === "receipts" ? "receipt" : "payment"} line
          </button>
        </td>
      </tr>
    ) : null;

  const moneyRow = (heading: string, values: number[], total: number | null, className: string) => (
    <tr className={className}>
      <th scope="row">{heading}</th>
      {values.map((value, w) => (
        <td key={w} className={value < 0 ? "is-negative" : undefined}>
          {formatCents(value)}
        </td>
      ))}
      <td className="worksheet-total">{total === null ? "" : formatCents(total)}</td>
    </tr>
  );

  return (
    <>
      <div className="form-row">
        <TextField
          name="openingBalance"
          label="Opening bank balance"
          hint="What's in the business account at the start of week 1 (negative if overdrawn)."
          errors={errors}
          value={state.openingBalance}
          onChange={(value) => update((s) => ({ ...s, openingBalance: value }))}
        />
        <div className="field">
          <label htmlFor={idOf("firstWeekStarting")}>Week 1 starts (optional)</label>
          <input
            id={idOf("firstWeekStarting")}
            name="firstWeekStarting"
            type="date"
            value={state.firstWeekStarting}
            aria-invalid={errors.firstWeekStarting ? true : undefined}
            aria-describedby={describedBy("firstWeekStarting", errors)}
            onChange={(event) => update((s) => ({ ...s, firstWeekStarting: event.target.value }))}
          />
          <ErrorText name="firstWeekStarting" errors={errors} />
        </div>
        <TextField
          name="minimumBuffer"
          label="Minimum buffer (optional)"
          hint="The balance you never want to go below — about two weeks of fixed costs."
          errors={errors}
          value={state.minimumBuffer}
          onChange={(value) => update((s) => ({ ...s, minimumBuffer: value }))}
        />
      </div>

      <p className="hint">Enter amounts in dollars in the week the money moves in or out of the bank. Scroll the table sideways for later weeks.</p>
      <TableScroll label="Your 13-week forecast (scrolls sideways)">
        <table className="worksheet-grid">
          <caption id="forecast-caption">Your 13-week forecast (AUD)</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              {weeks.map((week) => (
                <th scope="col" key={week}>
                  {label(week)}
                </th>
              ))}
              <th scope="col">13-week total</th>
            </tr>
          </thead>
          <tbody>
            {moneyRow("Opening balance", result.openingByWeek, null, "worksheet-balance-row")}
            <tr className="worksheet-section-row">
              <th scope="rowgroup" colSpan={FORECAST_WEEKS + 2}>
                <span>Receipts (money in)</span>
              </th>
            </tr>
            {lineRows("receipts", result.receiptLineTotals)}
            {addLine("receipts")}
            {moneyRow("Total receipts", result.receiptsByWeek, result.totals.receipts, "worksheet-total-row")}
            <tr className="worksheet-section-row">
              <th scope="rowgroup" colSpan={FORECAST_WEEKS + 2}>
                <span>Payments (money out)</span>
              </th>
            </tr>
            {lineRows("payments", result.paymentLineTotals)}
            {addLine("payments")}
            {moneyRow("Total payments", result.paymentsByWeek, result.totals.payments, "worksheet-total-row")}
            {moneyRow("Net cash flow", result.netByWeek, result.totals.net, "worksheet-total-row")}
            {moneyRow("Closing balance", result.closingByWeek, null, "worksheet-balance-row")}
          </tbody>
        </table>
      </TableScroll>

      <section className="worksheet-summary" aria-labelledby="forecast-summary-heading">
        <h3 id="forecast-summary-heading">Your forecast at a glance</h3>
        <dl data-testid="forecast-summary">
          <div>
            <dt>Total receipts</dt>
            <dd>{formatCents(result.totals.receipts)}</dd>
          </div>
          <div>
            <dt>Total payments</dt>
            <dd>{formatCents(result.totals.payments)}</dd>
          </div>
          <div>
            <dt>Net cash flow over 13 weeks</dt>
            <dd>{formatCents(result.totals.net)}</dd>
          </div>
          <div>
            <dt>Closing balance, week 13</dt>
            <dd>{formatCents(result.closingBalance)}</dd>
          </div>
          <div className={lowestBelowZero ? "is-warning" : undefined}>
            <dt>Lowest balance</dt>
            <dd data-testid="forecast-lowest">
              {formatCents(result.lowest.balance)} in {label(result.lowest.week)}
            </dd>
          </div>
        </dl>
        {lowestBelowZero ? (
          <p className="worksheet-warning">
            Your balance goes below zero in {label(result.lowest.week)}. Plan now: chase invoices sooner, move a payment, or arrange finance before that week.
          </p>
        ) : result.weeksBelowBuffer.length ? (
          <p className="worksheet-warning">
            Below your minimum buffer in {result.weeksBelowBuffer.length === 1 ? "week" : "weeks"} {result.weeksBelowBuffer.join(", ")}.
          </p>
        ) : null}
      </section>
    </>
  );
}

// ---- The pricing calculator ----

type CostState = { key: string; label: string; amount: string };

function PricingFields({ initial, errors, onDirty }: { initial: PricingAnswers; errors: Errors; onDirty: () => void }) {
  const [item, setItem] = useState(initial.item);
  const [costs, setCosts] = useState<CostState[]>(() => initial.costs.map((cost) => ({ key: key(), label: cost.label, amount: amountText(cost.amount) })));
  const [margin, setMargin] = useState(String(initial.targetMarginPercent));
  const [gst, setGst] = useState(initial.gstRegistered);
  const hydrated = useHydrated();
  const marginNumber = Number(margin.replace(/%$/, ""));
  const marginValid = /^\d+(\.\d{1,2})?%?$/.test(margin.trim()) && marginNumber < 100;
  const result = calculatePricing({
    item,
    costs: costs.map((cost) => ({ label: cost.label, amount: dollars(cost.amount) })),
    targetMarginPercent: marginValid ? marginNumber : 0,
    gstRegistered: gst,
  });
  const dirty =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onDirty();
    };
  return (
    <>
      <TextField
        name="item"
        label="What are you pricing?"
        hint="A product, a job or an hour of your time."
        errors={errors}
        value={item}
        onChange={dirty(setItem)}
      />
      <fieldset className="worksheet-fieldset">
        <legend>Direct costs of one unit (ex GST)</legend>
        {costs.map((cost, i) => (
          <div className="worksheet-cost" key={cost.key}>
            <div className="field">
              <label htmlFor={idOf(`costs.${i}.label`)}>Cost {i + 1}</label>
              <input
                id={idOf(`costs.${i}.label`)}
                name={`costs.${i}.label`}
                value={cost.label}
                aria-invalid={errors[`costs.${i}.label`] ? true : undefined}
                aria-describedby={describedBy(`costs.${i}.label`, errors)}
                onChange={(event) => dirty(setCosts)(costs.map((c, j) => (j === i ? { ...c, label: event.target.value } : c)))}
              />
              <ErrorText name={`costs.${i}.label`} errors={errors} />
            </div>
            <div className="field">
              <label htmlFor={idOf(`costs.${i}.amount`)}>Amount ($)</label>
              <input
                id={idOf(`costs.${i}.amount`)}
                name={`costs.${i}.amount`}
                inputMode="decimal"
                placeholder="0"
                value={cost.amount}
                aria-invalid={errors[`costs.${i}.amount`] ? true : undefined}
                aria-describedby={describedBy(`costs.${i}.amount`, errors)}
                onChange={(event) => dirty(setCosts)(costs.map((c, j) => (j === i ? { ...c, amount: event.target.value } : c)))}
              />
              <ErrorText name={`costs.${i}.amount`} errors={errors} />
            </div>
            {hydrated ? (
              <button
                type="button"
                className="worksheet-remove"
                aria-label={`Remove cost ${i + 1}`}
                onClick={() => dirty(setCosts)(costs.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            ) : null}
          </div>
        ))}
        {hydrated ? (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => dirty(setCosts)([...costs, { key: key(), label: "", amount: "" }])}
          >
            Add a cost
          </button>
        ) : null}
      </fieldset>
      <div className="form-row">
        <TextField
          name="targetMarginPercent"
          label="Target gross margin (%)"
          hint="Profit as a share of the price before GST, not a markup on cost."
          errors={errors}
          value={margin}
          onChange={dirty(setMargin)}
        />
        <div className="field field-checkbox">
          <input id={idOf("gstRegistered")} name="gstRegistered" type="checkbox" checked={gst} onChange={(event) => dirty(setGst)(event.target.checked)} />
          <label htmlFor={idOf("gstRegistered")}>My business is registered for GST</label>
        </div>
      </div>
      <section className="worksheet-summary" aria-labelledby="pricing-summary-heading">
        <h3 id="pricing-summary-heading">Your price</h3>
        <dl data-testid="pricing-summary">
          <div>
            <dt>Total cost</dt>
            <dd>{formatCents(result.costCents)}</dd>
          </div>
          <div>
            <dt>Price before GST</dt>
            <dd>{formatCents(result.priceExGstCents)}</dd>
          </div>
          <div>
            <dt>{gst ? `GST (${GST_RATE_PERCENT}%)` : "GST (not registered)"}</dt>
            <dd>{formatCents(result.gstCents)}</dd>
          </div>
          <div className="is-key">
            <dt>Price including GST</dt>
            <dd data-testid="pricing-inc-gst">{formatCents(result.priceIncGstCents)}</dd>
          </div>
          <div>
            <dt>Gross profit per unit</dt>
            <dd>{formatCents(result.profitCents)}</dd>
          </div>
          <div>
            <dt>Markup on cost</dt>
            <dd>{result.markupPercent === null ? "—" : `${result.markupPercent.toFixed(1)}%`}</dd>
          </div>
        </dl>
        <p className="hint">
          Rounding: the price before GST and the GST are each rounded to the nearest cent (half a cent rounds up), and the price including GST is their sum.
        </p>
      </section>
    </>
  );
}

// ---- SOP and templates ----

function SopFields({ initial, errors, onDirty }: { initial: SopAnswers; errors: Errors; onDirty: () => void }) {
  const [values, setValues] = useState({ ...initial, steps: initial.steps.join("\n"), checks: initial.checks.join("\n") });
  const field = (name: keyof typeof values, label: string, hint?: string, multiline?: boolean) => (
    <TextField
      name={name}
      label={label}
      hint={hint}
      multiline={multiline}
      errors={errors}
      value={values[name]}
      onChange={(value) => {
        setValues((v) => ({ ...v, [name]: value }));
        onDirty();
      }}
    />
  );
  return (
    <>
      <div className="form-row">
        {field("title", "Procedure name", "Like “Sending a quote” or “End-of-day close”.")}
        {field("owner", "Owner", "The role responsible, like “Office manager”.")}
      </div>
      {field("purpose", "Purpose", "Why this procedure exists and what good looks like.", true)}
      {field("trigger", "When it starts", "The event, day or request that starts it.", true)}
      {field("steps", "Steps", "One step per line, in order. Start each with a verb.", true)}
      {field("checks", "Checks", "One per line: how you know it was done right.", true)}
    </>
  );
}

function TemplateFields({
  fields,
  intro,
  initial,
  errors,
  onDirty,
}: {
  fields: TemplateField[];
  intro?: string;
  initial: TemplateAnswers;
  errors: Errors;
  onDirty: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...initial.fields }));
  return (
    <>
      {intro ? <p>{intro}</p> : null}
      {fields.map((field) => (
        <TextField
          key={field.id}
          name={`fields.${field.id}`}
          label={field.label}
          hint={field.hint}
          multiline={field.multiline}
          errors={errors}
          value={values[field.id] ?? ""}
          onChange={(value) => {
            setValues((v) => ({ ...v, [field.id]: value }));
            onDirty();
          }}
        />
      ))}
    </>
  );
}

// ---- The panel ----

async function post(url: string, body: FormData): Promise<{ ok: boolean; message: string; errors?: Errors; savedAt?: string; sharedAt?: string }> {
  try {
    const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
    const data = (await response.json().catch(() => null)) as { ok?: boolean; message?: string; errors?: Errors; savedAt?: string; sharedAt?: string } | null;
    if (data && typeof data.message === "string")
      return { ok: Boolean(data.ok), message: data.message, errors: data.errors, savedAt: data.savedAt, sharedAt: data.sharedAt };
    return { ok: false, message: response.status === 403 ? "This worksheet isn't open to you." : "We couldn't save just now. Please try again." };
  } catch {
    return { ok: false, message: "We couldn't reach the server. Check your connection and try again." };
  }
}

export default function WorksheetEditor({ lessonId, spec, answers, canShareWithCoach, coaches = [], savedAt = null }: WorksheetPanelProps) {
  const action = `/learning/lesson/${encodeURIComponent(lessonId)}/worksheet`;
  const initial = useMemo(() => readAnswers(spec, answers), [spec, answers]);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [dirty, setDirty] = useState(false);
  const [lastSaved, setLastSaved] = useState(savedAt);
  const [status, setStatus] = useState<Status>({ kind: "idle", message: "" });
  const [shares, setShares] = useState(() => Object.fromEntries(coaches.map((coach) => [coach.id, coach.sharedAt])));
  const [shareStatus, setShareStatus] = useState("");
  // Each refused save moves focus to the error summary once it is on the page (after React commits it).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) summaryRef.current?.focus();
  }, [refusals]);
  const onDirty = () => setDirty(true);

  const save = async (): Promise<boolean> => {
    const form = formRef.current;
    if (!form) return false;
    setStatus({ kind: "saving", message: "Saving…" });
    const body = new FormData(form);
    body.set("intent", "save");
    const result = await post(action, body);
    setErrors(result.errors ?? {});
    if (result.ok) {
      setDirty(false);
      setLastSaved(result.savedAt ?? null);
      setStatus({ kind: "saved", message: "Saved." });
      return true;
    }
    setStatus({ kind: "error", message: result.message });
    if (result.errors) setRefusals((n) => n + 1);
    return false;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  const onDownload = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!dirty) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    void save().then((ok) => {
      if (ok) window.location.assign(href);
    });
  };

  const share = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    if (dirty && !(await save())) return;
    setShareStatus("Sharing…");
    const result = await post(action, body);
    setShareStatus(result.message);
    if (result.ok) setShares((s) => ({ ...s, [String(body.get("coachId"))]: result.sharedAt ?? null }));
  };

  const errorList = Object.entries(errors);
  let fields: ReactNode;
  if (spec.kind === "cash-flow-forecast") fields = <ForecastFields initial={initial as ForecastAnswers} errors={errors} onDirty={onDirty} />;
  else if (spec.kind === "pricing-calculator") fields = <PricingFields initial={initial as PricingAnswers} errors={errors} onDirty={onDirty} />;
  else if (spec.kind === "sop") fields = <SopFields initial={initial as SopAnswers} errors={errors} onDirty={onDirty} />;
  else fields = <TemplateFields fields={spec.fields} intro={spec.intro} initial={initial as TemplateAnswers} errors={errors} onDirty={onDirty} />;

  return (
    <>
      <form ref={formRef} method="post" action={action} onSubmit={onSubmit} noValidate className="worksheet-form">
        {errorList.length ? (
          <div className="worksheet-error-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby="worksheet-errors-heading">
            <h3 id="worksheet-errors-heading">{errorList.length === 1 ? "One answer needs a fix" : `${errorList.length} answers need a fix`}</h3>
            <ul>
              {errorList.map(([name, message]) => (
                <li key={name}>
                  <a href={`#${idOf(name)}`}>{message}</a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {fields}
        <div className="worksheet-actions">
          <button type="submit" name="intent" value="save" className="button button-primary" disabled={status.kind === "saving"}>
            Save worksheet
          </button>
          <p className="worksheet-status" role="status" aria-live="polite">
            {status.message || (dirty ? "" : lastSaved ? `Last saved ${dateTime(lastSaved)}.` : answers ? "" : "Not saved yet.")}
            {dirty && status.kind !== "saving" ? " You have unsaved changes." : ""}
          </p>
        </div>
      </form>

      <div className="worksheet-downloads">
        <h3>Your {spec.kind === "cash-flow-forecast" ? "forecast" : spec.kind === "pricing-calculator" ? "pricing" : "document"} as a file</h3>
        <ul>
          {FORMATS[spec.kind].map(({ format, label }) => (
            <li key={format}>
              <a className="button button-secondary" href={`${action}/${format}`} onClick={onDownload} download>
                {label}
              </a>
            </li>
          ))}
        </ul>
        <p className="hint">Files use your saved answers.</p>
      </div>

      <div className="worksheet-share">
        <h3>Share with your coach</h3>
        {canShareWithCoach ? (
          <form method="post" action={action} onSubmit={(event) => void share(event)}>
            <input type="hidden" name="intent" value="share" />
            {coaches.length <= 1 ? (
              <input type="hidden" name="coachId" value={coaches[0]?.id ?? ""} />
            ) : (
              <div className="field">
                <label htmlFor="ws-share-coach">Coach</label>
                <select id="ws-share-coach" name="coachId" defaultValue={coaches[0]!.id}>
                  {coaches.map((coach) => (
                    <option key={coach.id} value={coach.id}>
                      {coach.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <p className="hint">Your coach sees a copy of your saved answers as they are when you share. Share again after changes to update it.</p>
            <button type="submit" className="button button-secondary">
              {coaches.length === 1 ? `Share with ${coaches[0]!.name}` : coaches.length ? "Share with this coach" : "Share with my coach"}
            </button>
            <ul className="worksheet-shared">
              {coaches
                .filter((coach) => shares[coach.id])
                .map((coach) => (
                  <li key={coach.id}>
                    Shared with {coach.name} {dateTime(shares[coach.id]!)}.
                  </li>
                ))}
            </ul>
            <p role="status" className="worksheet-status">
              {shareStatus}
            </p>
          </form>
        ) : (
          <p>
            Once you've had a session with one of our coaches you can share this worksheet with them. <a href="/booking">Book a session</a>.
          </p>
        )}
      </div>
    </>
  );
}
