import { useState, type FormEvent } from "react";
import type { ConversationSummary } from "~/ai-coach/chat-types";
import { formatTimestamp } from "~/booking/time-zones";
import { useViewerTimeZone } from "~/components/use-viewer-time-zone";
import { exportUrl } from "./chat-api";

// Past conversations: open one again, rename it, export it as Markdown or delete it (after a
// confirmation in place). Conversations are deleted automatically 3 months after their last message.

type Props = {
  conversations: ConversationSummary[];
  activeId: string | null;
  onOpen: (id: string) => void;
  onRename: (id: string, title: string) => Promise<boolean>;
  onDelete: (id: string) => Promise<boolean>;
};

export function ConversationList({ conversations, activeId, onOpen, onRename, onDelete }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  // The export's dates and file name follow the reader's clock: their profile's zone, else their browser's.
  const zone = useViewerTimeZone();

  if (!conversations.length) return <p className="coach-history-empty">Your conversations will be listed here.</p>;

  async function rename(event: FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get("title") ?? "").trim();
    if (!title) return;
    setWorking(true);
    if (await onRename(id, title)) setEditing(null);
    setWorking(false);
  }

  async function remove(id: string) {
    setWorking(true);
    await onDelete(id);
    setConfirming(null);
    setWorking(false);
  }

  return (
    <ul className="coach-history-list">
      {conversations.map((conversation) => (
        <li key={conversation.id} className="coach-history-item" aria-current={conversation.id === activeId ? "true" : undefined}>
          {editing === conversation.id ? (
            <form className="coach-history-rename" onSubmit={(event) => void rename(event, conversation.id)}>
              <label htmlFor={`rename-${conversation.id}`} className="visually-hidden">
                New title for “{conversation.title}”
              </label>
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the field the person just asked to edit */}
              <input id={`rename-${conversation.id}`} name="title" defaultValue={conversation.title} maxLength={120} required autoFocus />
              <button type="submit" className="button button-primary button-small" disabled={working}>
                Save
              </button>
              <button type="button" className="button button-secondary button-small" onClick={() => setEditing(null)}>
                Cancel
              </button>
            </form>
          ) : (
            <button type="button" className="coach-history-open" onClick={() => onOpen(conversation.id)}>
              <span className="coach-history-title">{conversation.title}</span>
              <span className="coach-history-meta">
                <time dateTime={conversation.lastActivityAt}>{formatTimestamp(conversation.lastActivityAt, zone)}</time> · {conversation.messageCount}{" "}
                {conversation.messageCount === 1 ? "message" : "messages"}
              </span>
            </button>
          )}
          {editing !== conversation.id ? (
            <div className="coach-history-actions">
              {confirming === conversation.id ? (
                <>
                  <span className="coach-history-confirm">Delete this conversation?</span>
                  <button type="button" className="coach-link-button coach-link-danger" onClick={() => void remove(conversation.id)} disabled={working}>
                    Yes, delete
                  </button>
                  <button type="button" className="coach-link-button" onClick={() => setConfirming(null)}>
                    Keep it
                  </button>
                </>
              ) : (
                <>
                  <button type="button" className="coach-link-button" onClick={() => setEditing(conversation.id)} aria-label={`Rename “${conversation.title}”`}>
                    Rename
                  </button>
                  <a className="coach-link-button" href={exportUrl(conversation.id, zone)} download aria-label={`Export “${conversation.title}” as Markdown`}>
                    Export
                  </a>
                  <button
                    type="button"
                    className="coach-link-button coach-link-danger"
                    onClick={() => setConfirming(conversation.id)}
                    aria-label={`Delete “${conversation.title}”`}
                  >
                    Delete
                  </button>
                </>
              )}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
