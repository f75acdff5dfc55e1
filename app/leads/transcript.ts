// A Service Assistant transcript as stored on a lead activity (JSON [{ role, content }]), read
// back for the team: the admin page and the notification email. Plain TypeScript.

export type TranscriptEntry = { role: "user" | "assistant"; content: string };

export function parseTranscript(json: string | null): TranscriptEntry[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry: unknown) => {
      if (typeof entry !== "object" || entry === null) return [];
      const { role, content } = entry as { role?: unknown; content?: unknown };
      if ((role !== "user" && role !== "assistant") || typeof content !== "string") return [];
      return [{ role, content }];
    });
  } catch {
    return [];
  }
}

export const TRANSCRIPT_AUTHORS = { user: "Visitor", assistant: "Service Assistant" } as const;

/** The transcript as plain text, one "Author: text" paragraph per message; empty when there is none. */
export function transcriptText(json: string | null): string {
  return parseTranscript(json)
    .map((entry) => `${TRANSCRIPT_AUTHORS[entry.role]}: ${entry.content}`)
    .join("\n\n");
}
