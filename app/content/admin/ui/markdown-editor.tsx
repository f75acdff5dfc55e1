import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { MARKDOWN_MAX_LENGTH } from "../types";

// The markdown field of every content editor (blog posts, case studies, learning lessons…): a plain
// textarea that works without JavaScript, and beside it (below it on a phone) a live preview
// rendered on the server by the public pages' own renderer (POST /admin/content/preview), a moment
// after typing stops. Before hydration the preview shows `initialHtml`, the saved text's rendering.

export const PREVIEW_PATH = "/admin/content/preview";
const PREVIEW_DELAY_MS = 400;

type PreviewData = { html: string } | { error: string };

export function MarkdownEditor({
  name,
  label,
  defaultValue,
  initialHtml,
  hint,
  error,
  required = false,
  rows = 18,
  previewPath = PREVIEW_PATH,
  previewLabel = "Preview",
}: {
  name: string;
  label: string;
  defaultValue: string;
  /** The saved text rendered on the server (the loader's renderMarkdown(...).html). */
  initialHtml: string;
  hint?: string;
  error?: string;
  required?: boolean;
  rows?: number;
  previewPath?: string;
  previewLabel?: string;
}) {
  const id = `field-${name}`;
  const previewHeadingId = useId();
  const [value, setValue] = useState(defaultValue);
  const fetcher = useFetcher<PreviewData>({ key: `markdown-preview-${name}` });
  const submit = fetcher.submit;
  const first = useRef(true);

  useEffect(() => {
    // The saved text's preview came with the page.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => submit({ markdown: value }, { method: "post", action: previewPath }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, submit, previewPath]);

  const result = fetcher.data;
  const html = result && "html" in result ? result.html : initialHtml;
  const previewError = result && "error" in result ? result.error : null;
  const busy = fetcher.state !== "idle";
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="markdown-editor">
      <div className="field markdown-editor-write">
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p className="hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
        <textarea
          id={id}
          name={name}
          rows={rows}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          required={required}
          maxLength={MARKDOWN_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          spellCheck
          lang="en-AU"
          className="markdown-editor-input"
        />
        {error ? (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
      <section className="markdown-editor-preview" aria-labelledby={previewHeadingId} aria-busy={busy}>
        <h3 id={previewHeadingId} className="markdown-editor-preview-heading">
          {previewLabel} <span className="hint">{busy ? "(updating…)" : "(as it will appear on the site)"}</span>
        </h3>
        {previewError ? (
          <p className="field-error" role="alert">
            {previewError}
          </p>
        ) : null}
        {/* Rendered on the server by app/content/markdown.server.ts: raw HTML disabled, unsafe links dropped. */}
        <div className="prose markdown-editor-preview-body" data-testid={`${name}-preview`} dangerouslySetInnerHTML={{ __html: html }} />
      </section>
    </div>
  );
}
