import { DEFAULT_TIME_ZONE, formatDateTime, localDate } from "~/booking/time-zones";
import { MESSAGE_AUTHORS, type StoredChatMessage } from "./chat-types";

// A conversation as the Markdown file "Export" downloads. Dates and times are on the reader's clock
// (their zone, named with the abbreviation that applied), the file is named after the day the
// conversation started on that clock, and links to this site's pages are absolute so they still work
// once the file has left the site.

/** The zone the browser asked for when Intl knows it; otherwise Sydney time (the site's default). */
export function exportZone(requested: string | null | undefined): string {
  if (!requested || requested.length > 64) return DEFAULT_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat("en-AU", { timeZone: requested }).resolvedOptions().timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/**
 * Markdown with this site's links made absolute: inline links and images `](/path)`, reference
 * definitions `[id]: /path`, and HTML `href="/path"`. Links that already name a site are left alone.
 */
export function absoluteLinks(markdown: string, origin: string): string {
  return markdown
    .replace(/(\]\(\s*<?)\/(?!\/)/g, `$1${origin}/`)
    .replace(/^(\s{0,3}\[[^\]\n]+\]:\s*<?)\/(?!\/)/gm, `$1${origin}/`)
    .replace(/(\b(?:href|src)=["'])\/(?!\/)/g, `$1${origin}/`);
}

export type ExportInput = {
  title: string;
  createdAt: string;
  exportedAt: string;
  messages: Pick<StoredChatMessage, "role" | "content" | "timestamp" | "status" | "offline">[];
  zone: string;
  origin: string;
};

export function conversationMarkdown({ title, createdAt, exportedAt, messages, zone, origin }: ExportInput): { filename: string; markdown: string } {
  const lines = [`# ${absoluteLinks(title, origin)}`, "", `Exported from ClarityAI (${origin}) on ${formatDateTime(exportedAt, zone)}.`, ""];
  for (const message of messages) {
    const notes = [
      message.offline ? "offline coach" : null,
      message.status === "stopped" ? "stopped" : null,
      message.status === "failed" ? "incomplete" : null,
    ].filter(Boolean);
    lines.push(
      `## ${MESSAGE_AUTHORS[message.role]} · ${formatDateTime(message.timestamp, zone)}${notes.length ? ` (${notes.join(", ")})` : ""}`,
      "",
      message.content ? absoluteLinks(message.content, origin) : "_(no text)_",
      "",
    );
  }
  return { filename: `clarityai-conversation-${localDate(createdAt, zone)}.md`, markdown: lines.join("\n") };
}
