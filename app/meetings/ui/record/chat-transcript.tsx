import type { RecordData } from "~/meetings/record.server";

/** The chat typed during the call, kept with the meeting's record. */
export function ChatTranscript({ chat, coachName, clientName }: { chat: RecordData["chat"]; coachName: string; clientName: string }) {
  return (
    <section aria-labelledby="chat-heading" className="card record-panel" id="chat">
      <h2 id="chat-heading">Chat from the call</h2>
      {chat === null ? (
        <p className="hint">The chat can&apos;t be shown right now. Please try again later.</p>
      ) : chat.length ? (
        <ol className="record-chat">
          {chat.map((line) => (
            <li key={line.id}>
              <p className="record-chat-meta">
                <strong>{line.from === "coach" ? coachName : clientName}</strong> <time dateTime={line.sentAt}>{line.time}</time>
              </p>
              <p className="record-chat-text">{line.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>No messages were typed in the call&apos;s chat.</p>
      )}
    </section>
  );
}
