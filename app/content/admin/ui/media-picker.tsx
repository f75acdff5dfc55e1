import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "~/utils/use-hydrated";
import { MEDIA_ACCEPT, MEDIA_ACCEPT_LABEL, MEDIA_ALT_MAX, type MediaPickerItem } from "~/content/media";

// A content field that holds an uploaded image or file: "media:<id>" (or, for an image field, a
// build-time illustration's key such as "cash-flow"). Without JavaScript it is a plain text field the
// editor's form posts as it is. With JavaScript, "Choose from the library" opens a dialog that lists
// the uploads (searchable) and uploads a new one, and the choice fills the field. The dialog is
// rendered outside the editor's form (a portal), so its own forms never post the editor.
//
//   <MediaPicker name="image" label="Image" kind="image" defaultValue={post.image} />

type PickerList = { items: MediaPickerItem[]; total: number };
type UploadData = { uploaded?: MediaPickerItem; error?: string };

export function MediaPicker({
  name,
  label,
  kind = "image",
  defaultValue = "",
  hint,
  error,
  onChange,
  initialItem,
}: {
  name: string;
  label: string;
  kind?: "image" | "file";
  defaultValue?: string;
  hint?: string;
  error?: string;
  /** Called with the new value ("media:<id>") when one is chosen. */
  onChange?: (value: string) => void;
  /** The upload the field already names, read by the page's loader: shown at once, with no request. */
  initialItem?: MediaPickerItem;
}) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const [chosen, setChosen] = useState<MediaPickerItem | null>(initialItem ?? null);
  const [open, setOpen] = useState(false);
  const mounted = useHydrated();
  const [announcement, setAnnouncement] = useState("");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const current = useFetcher<PickerList>();
  const list = useFetcher<PickerList>();
  const upload = useFetcher<UploadData>();
  const [query, setQuery] = useState("");

  // The current upload's preview, when the field already names one.
  const currentId = value.startsWith("media:") ? value.slice("media:".length) : null;
  useEffect(() => {
    if (!currentId || chosen?.id === currentId || current.state !== "idle" || current.data?.items[0]?.id === currentId) return;
    current.load(`/admin/media/picker?id=${encodeURIComponent(currentId)}&kind=${kind}`);
  }, [currentId, chosen?.id, current, kind]);
  const preview = chosen?.id === currentId ? chosen : (current.data?.items.find((item) => item.id === currentId) ?? null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      openerRef.current?.focus();
    }
  }, [open, mounted]);

  // The parent hears of each new value (typed or chosen), not of the first.
  const reported = useRef(value);
  useEffect(() => {
    if (reported.current === value) return;
    reported.current = value;
    onChange?.(value);
  }, [value, onChange]);

  const search = (q: string) => list.load(`/admin/media/picker?kind=${kind}${q ? `&q=${encodeURIComponent(q)}` : ""}`);

  const choose = (item: MediaPickerItem) => {
    setValue(item.ref);
    setChosen(item);
    setAnnouncement(`${item.name} chosen.`);
    setOpen(false);
  };

  // A new upload from the dialog is chosen as it arrives (once per upload).
  const uploaded = upload.data?.uploaded;
  const [handledUpload, setHandledUpload] = useState<string | null>(null);
  if (uploaded && uploaded.id !== handledUpload) {
    setHandledUpload(uploaded.id);
    if (uploaded.kind === kind) choose(uploaded);
    else setAnnouncement(`${uploaded.name} was uploaded, but it isn't ${kind === "image" ? "an image" : "a file"}: it is in the library.`);
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field media-picker">
      <label htmlFor={`${id}-value`}>{label}</label>
      <input
        id={`${id}-value`}
        name={name}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        spellCheck={false}
      />
      <p className="hint" id={hintId}>
        {hint ?? (kind === "image" ? "An uploaded image (media:…) or an illustration name such as cash-flow." : "An uploaded file (media:…).")}
      </p>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {preview ? (
        <p className="media-picker-current">
          {preview.thumbnail ? (
            <img
              src={preview.thumbnail}
              alt=""
              width={120}
              height={preview.width && preview.height ? Math.round((120 * preview.height) / preview.width) : 68}
            />
          ) : null}
          <span>
            {preview.name} — {preview.description}
            {preview.kind === "image" && !preview.alt ? " (no alt text yet)" : ""}
          </span>
        </p>
      ) : null}
      {mounted ? (
        <button
          type="button"
          ref={openerRef}
          className="button button-secondary"
          onClick={() => {
            setOpen(true);
            if (!list.data) search(query);
          }}
        >
          Choose from the library
        </button>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {mounted
        ? createPortal(
            <dialog ref={dialogRef} className="media-picker-dialog" aria-labelledby={`${id}-title`} onClose={() => setOpen(false)}>
              <h2 id={`${id}-title`}>{kind === "image" ? "Choose an image" : "Choose a file"}</h2>
              <form
                role="search"
                onSubmit={(event) => {
                  event.preventDefault();
                  search(query);
                }}
              >
                <label htmlFor={`${id}-q`}>Search by name or alt text</label>
                <input id={`${id}-q`} type="search" value={query} onChange={(event) => setQuery(event.target.value)} maxLength={100} />
                <button type="submit" className="button button-secondary">
                  Search
                </button>
              </form>
              <p className="hint" aria-live="polite">
                {list.state === "loading" ? "Loading…" : list.data ? `${list.data.items.length} of ${list.data.total} shown` : ""}
              </p>
              <ul className="media-picker-grid">
                {list.data?.items.map((item) => (
                  <li key={item.id}>
                    <button type="button" onClick={() => choose(item)} aria-pressed={item.ref === value}>
                      {item.thumbnail ? (
                        <img
                          src={item.thumbnail}
                          alt=""
                          width={160}
                          height={item.width && item.height ? Math.round((160 * item.height) / item.width) : 90}
                          loading="lazy"
                        />
                      ) : null}
                      <span>Use {item.name}</span>
                      <span className="hint">{item.alt || item.description}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <upload.Form method="post" action="/admin/media?index" encType="multipart/form-data" className="form">
                <h3>Upload a new {kind === "image" ? "image" : "file"}</h3>
                <input type="hidden" name="from" value="picker" />
                {upload.data?.error ? (
                  <p className="form-error" role="alert">
                    {upload.data.error}
                  </p>
                ) : null}
                <div className="field">
                  <label htmlFor={`${id}-file`}>{kind === "image" ? "Image" : "File"}</label>
                  <input id={`${id}-file`} name="file" type="file" accept={MEDIA_ACCEPT} required />
                  <p className="hint">{MEDIA_ACCEPT_LABEL}.</p>
                </div>
                {kind === "image" ? (
                  <div className="field">
                    <label htmlFor={`${id}-alt`}>Alt text</label>
                    <input id={`${id}-alt`} name="alt" maxLength={MEDIA_ALT_MAX} />
                  </div>
                ) : null}
                <button type="submit" className="button button-primary" disabled={upload.state !== "idle"}>
                  {upload.state !== "idle" ? "Uploading…" : "Upload and use"}
                </button>
              </upload.Form>
              <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
                Close
              </button>
            </dialog>,
            document.body,
          )
        : null}
    </div>
  );
}
