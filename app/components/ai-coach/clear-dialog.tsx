import { useEffect, useId, useRef } from "react";

// "Clear" asks first: a modal dialog that says what goes (the conversation, how many messages, and
// that it is deleted from "Your conversations" for good), with "Keep it" focused so Enter or Escape
// never deletes by accident.

type Props = {
  /** What the conversation is about: its first message, shortened. */
  subject: string;
  messageCount: number;
  /** Saved on the server (it has an id): deleting it removes it from the list as well. */
  saved: boolean;
  working: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ClearDialog({ subject, messageCount, saved, working, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    keepRef.current?.focus();
    // Escape answers this dialog only ("Keep it"): the chat window around it must not minimise too.
    const keepEscapeHere = (event: KeyboardEvent) => event.key === "Escape" && event.stopPropagation();
    dialog.addEventListener("keydown", keepEscapeHere);
    return () => {
      dialog.removeEventListener("keydown", keepEscapeHere);
      if (dialog.open) dialog.close();
    };
  }, []);

  const messages = `${messageCount} ${messageCount === 1 ? "message" : "messages"}`;
  return (
    <dialog
      ref={ref}
      className="dialog coach-clear-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!working) onCancel();
      }}
    >
      <h2 id={titleId} className="coach-clear-title">
        Clear this conversation?
      </h2>
      <div id={textId}>
        <p>
          This deletes the conversation “{subject}” and its {messages}
          {saved ? ", and removes it from Your conversations" : ""}. It can’t be undone.
        </p>
        <p className="coach-clear-hint">To keep it and start afresh, choose New Chat instead.</p>
      </div>
      <div className="button-row">
        <button ref={keepRef} type="button" className="button button-secondary button-small" onClick={onCancel} disabled={working}>
          Keep it
        </button>
        <button type="button" className="button button-danger button-small" onClick={onConfirm} disabled={working}>
          {working ? "Deleting…" : "Delete conversation"}
        </button>
      </div>
    </dialog>
  );
}

/** The first words of a message, for naming a conversation in a sentence. */
export function subjectOf(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
