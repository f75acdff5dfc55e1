import { Form, Link } from "@remix-run/react";
import { CONVERSION_TYPE_LABELS, reportSearch } from "~/attribution/report";
import { CONVERSION_TYPES } from "~/attribution/types";
import type { FormValues, Preset } from "./report-page";

/** The report's range, model and type (a GET form that works without JavaScript), and the quick ranges. */
export function ReportFilters({ form, presets }: { form: FormValues; presets: Preset[] }) {
  return (
    <>
      <Form method="get" action="/admin/marketing" className="admin-search marketing-filters">
        <div className="field">
          <label htmlFor="marketing-from">From</label>
          <input id="marketing-from" name="from" type="date" defaultValue={form.from} required />
        </div>
        <div className="field">
          <label htmlFor="marketing-to">To</label>
          <input id="marketing-to" name="to" type="date" defaultValue={form.to} required />
        </div>
        <div className="field">
          <label htmlFor="marketing-model">Attribution</label>
          <select id="marketing-model" name="model" defaultValue={form.model}>
            <option value="last">Last touch</option>
            <option value="first">First touch</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="marketing-type">Type</label>
          <select id="marketing-type" name="type" defaultValue={form.type ?? ""}>
            <option value="">All types</option>
            {CONVERSION_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONVERSION_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        {form.sort && form.sort !== "revenue" ? <input type="hidden" name="sort" value={form.sort} /> : null}
        <button type="submit" className="button button-secondary">
          Show report
        </button>
      </Form>
      <nav aria-label="Quick date ranges" className="marketing-presets">
        <ul>
          {presets.map((preset) => {
            const current = preset.from === form.from && preset.to === form.to;
            return (
              <li key={preset.label}>
                <Link to={`/admin/marketing${reportSearch({ ...preset, model: form.model, type: form.type })}`} aria-current={current ? "true" : undefined}>
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
