// A Service Assistant transcript as stored on a lead activity (JSON [{ role, content, origin }]),
// read back for the team: the admin page and the notification email. Plain TypeScript.
//
// The server keeps no conversation until the visitor shares their details, so what came before is
// only the browser's copy, which its visitor can change. Those messages are stored with origin
// "browser" and never shown as the assistant's words; from then on the server adds each message it
// receives and each reply it writes, with origin "server". Rows stored before origins were kept
// have none: they count as the browser's.

export type TranscriptRole = "user" | "assistant";
export type TranscriptOrigin = "server" | "browser";
export type TranscriptEntry = { role: TranscriptRole; content: string; origin: TranscriptOrigin };

export function parseTranscript(json: string | null): TranscriptEntry[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry: unknown) => {
      if (typeof entry !== "object" || entry === null) return [];
      const { role, content, origin } = entry as { role?: unknown; content?: unknown; origin?: unknown };
      if ((role !== "user" && role !== "assistant") || typeof content !== "string") return [];
      return [{ role, content, origin: origin === "server" ? "server" : "browser" }];
    });
  } catch {
    return [];
  }
}

const AUTHORS: Record<TranscriptOrigin, Record<TranscriptRole, string>> = {
  server: { user: "Visitor", assistant: "Service Assistant" },
  browser: { user: "Visitor (as sent by the visitor's browser)", assistant: "Earlier reply as sent by the visitor's browser (not verified)" },
};

/** Who a message is shown as: only a reply the server wrote is the Service Assistant's. */
export function transcriptAuthor(entry: Pick<TranscriptEntry, "role" | "origin">): string {
  return AUTHORS[entry.origin][entry.role];
}

export const BROWSER_HISTORY_NOTE =
  "Messages marked as sent by the visitor's browser came before the visitor shared their details: the server kept no copy of them, so they are as the browser reported them and may have been changed.";

/** The transcript as plain text, one "Author: text" paragraph per message; empty when there is none. */
export function transcriptText(json: string | null): string {
  const entries = parseTranscript(json);
  const text = entries.map((entry) => `${transcriptAuthor(entry)}: ${entry.content}`).join("\n\n");
  return entries.some((entry) => entry.origin === "browser") ? `${text}\n\n(${BROWSER_HISTORY_NOTE})` : text;
}
