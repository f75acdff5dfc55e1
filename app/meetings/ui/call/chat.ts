import type { ChatMessage, MeetingRole } from "~/meetings/signalling";

// The call's chat in the browser: the room's messages, and the ones this browser has sent that the
// room has not yet confirmed. A message keeps its clientMessageId from the moment it is typed, so
// sending it again after a drop (or after a reload: the unconfirmed ones are kept in localStorage)
// is harmless; the room stores each id once and echoes it back.

export type PendingChat = { clientMessageId: string; text: string; from: MeetingRole; queuedAt: string };

export type ChatLine = { key: string; from: MeetingRole; text: string; sentAt: string; pending: boolean };

/** The room's messages, oldest first, each once (history, live messages and echoes may overlap). */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.id.localeCompare(b.id));
}

/** The pending messages the room has not confirmed yet. */
export function stillPending(pending: PendingChat[], confirmed: ChatMessage[]): PendingChat[] {
  const ids = new Set(confirmed.map((message) => message.clientMessageId));
  return pending.filter((message) => !ids.has(message.clientMessageId));
}

/** What the chat shows: the confirmed messages, then this browser's unconfirmed ones. */
export function chatLines(messages: ChatMessage[], pending: PendingChat[]): ChatLine[] {
  return [
    ...messages.map((message) => ({ key: message.id, from: message.from, text: message.text, sentAt: message.sentAt, pending: false })),
    ...stillPending(pending, messages).map((message) => ({
      key: message.clientMessageId,
      from: message.from,
      text: message.text,
      sentAt: message.queuedAt,
      pending: true,
    })),
  ];
}

const storageKey = (meetingId: string) => `meeting-chat-pending:${meetingId}`;

export function loadPending(storage: Pick<Storage, "getItem"> | undefined, meetingId: string): PendingChat[] {
  try {
    const data = JSON.parse(storage?.getItem(storageKey(meetingId)) ?? "[]") as unknown;
    return Array.isArray(data)
      ? data.filter(
          (item): item is PendingChat => typeof item === "object" && item !== null && typeof item.clientMessageId === "string" && typeof item.text === "string",
        )
      : [];
  } catch {
    return [];
  }
}

export function savePending(storage: Pick<Storage, "setItem" | "removeItem"> | undefined, meetingId: string, pending: PendingChat[]) {
  try {
    if (pending.length) storage?.setItem(storageKey(meetingId), JSON.stringify(pending));
    else storage?.removeItem(storageKey(meetingId));
  } catch {
    // Storage full or blocked: the message is still sent while the page stays open.
  }
}
