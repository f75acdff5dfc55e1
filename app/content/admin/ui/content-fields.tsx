import { BLOG_CATEGORIES, CASE_STUDY_INDUSTRIES } from "../../types";
import { FIELD_LABELS, SLUG_MAX, type AdminContentType } from "../types";
import { MarkdownEditor } from "./markdown-editor";
import type { MediaPickerItem } from "../../media";
import { MediaPicker } from "./media-picker";

// The editable fields of a blog post, case study or resource, for the new-item and the edit pages.
// `values` are strings as the form posts them (case study results as "Metric | value" lines);
// `previews` the saved markdown fields rendered on the server (the live preview's first state).

type Errors = Partial<Record<string, string>>;

export function ContentFields({
  type,
  values,
  previews,
  errors,
  mediaItems = {},
}: {
  type: AdminContentType;
  values: Record<string, string>;
  previews: Record<string, string>;
  errors: Errors;
  /** The uploads the fields name, by field name (the editor's loader reads them). */
  mediaItems?: Record<string, MediaPickerItem>;
}) {
  const labels = FIELD_LABELS[type];
  const text = (name: string, options: { hint?: string; required?: boolean; maxLength?: number; multiline?: boolean } = {}) => (
    <TextField key={name} name={name} label={labels[name]!} value={values[name] ?? ""} error={errors[name]} {...options} />
  );
  const markdown = (name: string) => (
    <MarkdownEditor
      key={name}
      name={name}
      label={labels[name]!}
      defaultValue={values[name] ?? ""}
      initialHtml={previews[name] ?? ""}
      error={errors[name]}
      required
      hint="Markdown: ## for a heading, **bold**, [link text](https://…), - for a list. Raw HTML is shown as text."
      rows={type === "blog_post" ? 20 : 10}
    />
  );
  const slugHint = "The end of the address. Leave blank to make it from the title. Once published, a changed slug redirects from the old one.";
  const image = (
    <MediaPicker
      key="image"
      name="image"
      label={labels.image!}
      kind="image"
      defaultValue={values.image ?? ""}
      initialItem={mediaItems.image}
      error={errors.image}
      hint="An uploaded image, or an illustration's name (strategy, cash-flow, operations, technology, people…)."
    />
  );
  if (type === "blog_post") {
    return (
      <>
        {text("title", { required: true, maxLength: 150 })}
        {text("slug", { hint: slugHint, maxLength: SLUG_MAX })}
        {text("description", { required: true, maxLength: 300, multiline: true, hint: "Shown on the blog list, in search results and when shared." })}
        <SelectField
          name="category"
          label={labels.category!}
          value={values.category ?? ""}
          error={errors.category}
          options={BLOG_CATEGORIES.map((c) => [c, c])}
        />
        {text("authorName", { required: true, maxLength: 100 })}
        {text("authorRole", { required: true, maxLength: 100 })}
        {image}
        {markdown("body")}
      </>
    );
  }
  if (type === "case_study") {
    return (
      <>
        {text("title", { required: true, maxLength: 150 })}
        {text("slug", { hint: slugHint, maxLength: SLUG_MAX })}
        <SelectField
          name="industry"
          label={labels.industry!}
          value={values.industry ?? ""}
          error={errors.industry}
          options={Object.entries(CASE_STUDY_INDUSTRIES)}
        />
        {text("description", { required: true, maxLength: 300, multiline: true })}
        {text("client", { required: true, maxLength: 120, hint: "As the client agreed to be named, e.g. “A Geelong plumbing business”." })}
        {text("location", { required: true, maxLength: 120 })}
        {image}
        {markdown("challenge")}
        {markdown("approach")}
        {text("results", { multiline: true, maxLength: 4000, hint: "Up to 8, one a line, as “Metric | value”, e.g. “Cash on hand | +$48k”." })}
        {text("quoteText", { multiline: true, maxLength: 600 })}
        {text("quoteAttribution", { maxLength: 120 })}
      </>
    );
  }
  return (
    <>
      {text("title", { required: true, maxLength: 150 })}
      {text("slug", { hint: slugHint, maxLength: SLUG_MAX })}
      {text("description", { required: true, maxLength: 400, multiline: true })}
      {text("filePath", { required: true, maxLength: 300, hint: "The file's address on the site, e.g. /downloads/eofy-checklist-small-business.pdf." })}
      {text("format", { required: true, maxLength: 40, hint: "As shown on the card, e.g. PDF." })}
    </>
  );
}

function TextField({
  name,
  label,
  value,
  error,
  hint,
  required,
  maxLength,
  multiline,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  required?: boolean;
  maxLength?: number;
  multiline?: boolean;
}) {
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const props = { id, name, defaultValue: value, required, maxLength, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SelectField({ name, label, value, error, options }: { name: string; label: string; value: string; error?: string; options: [string, string][] }) {
  const id = `field-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} required aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">Choose…</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
