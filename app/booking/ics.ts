// iCalendar (RFC 5545) invitations for bookings, as iTIP (RFC 5546) messages: METHOD:REQUEST for a
// new or changed booking, METHOD:CANCEL when it is cancelled. The UID is stable for a booking and
// SEQUENCE counts its revisions, so calendars update the one event instead of adding another.

export type IcsPerson = { name: string; email: string };

export type IcsEvent = {
  method: "REQUEST" | "CANCEL";
  uid: string;
  sequence: number;
  /** UTC ISO instants. */
  startsAt: string;
  endsAt: string;
  summary: string;
  description: string;
  url: string;
  organizer: IcsPerson;
  attendees: IcsPerson[];
  status?: "CONFIRMED" | "CANCELLED";
  now: Date;
};

const CRLF = "\r\n";
const PRODID = "-//ClarityAI Coaching//Bookings//EN";

/** 20261203T223000Z */
export function icsDateTime(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) throw new Error("icsDateTime: not a valid time");
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A parameter value: quoted, without the characters a quoted value cannot hold. */
function paramValue(value: string): string {
  return `"${value.replace(/["\r\n]/g, "").trim()}"`;
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
      // Continuation lines start with a space, which counts towards their 75 octets.
      limit = 74;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function mailto(email: string): string {
  return `mailto:${email.replace(/[\r\n]/g, "")}`;
}

/** The calendar file (text/calendar) for one booking event. */
export function buildIcs(event: IcsEvent): string {
  const status = event.status ?? (event.method === "CANCEL" ? "CANCELLED" : "CONFIRMED");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `DTSTAMP:${icsDateTime(event.now)}`,
    `DTSTART:${icsDateTime(event.startsAt)}`,
    `DTEND:${icsDateTime(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.url)}`,
    `URL:${event.url.replace(/[\r\n]/g, "")}`,
    `STATUS:${status}`,
    "TRANSP:OPAQUE",
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:${mailto(event.organizer.email)}`,
    ...event.attendees.map(
      (attendee) => `ATTENDEE;CN=${paramValue(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${mailto(attendee.email)}`,
    ),
    ...(status === "CONFIRMED" ? ["BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(event.summary)}`, "TRIGGER:-PT15M", "END:VALARM"] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === "n" || char === "N" ? "\n" : char));
}

export type ParsedIcs = { method: string | null; events: Record<string, string>[] };

/**
 * Reads a calendar file back: the METHOD and each VEVENT's properties by name (parameters kept
 * as "NAME;PARAM" keys too, values unescaped). Strict about line endings: a line not ended by
 * CRLF is refused, as calendar clients may.
 */
export function parseIcs(text: string): ParsedIcs {
  if (!text.endsWith(CRLF) || /(^|[^\r])\n/.test(text)) throw new Error("parseIcs: lines must end with CRLF");
  const unfolded = text.replace(/\r\n[ \t]/g, "");
  const lines = unfolded.split(CRLF).filter((line) => line !== "");
  let method: string | null = null;
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  let depth = 0;
  for (const line of lines) {
    const colon = indexOfValueColon(line);
    if (colon < 0) throw new Error(`parseIcs: not a content line: ${line}`);
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    const name = head.split(";")[0]!.toUpperCase();
    if (name === "BEGIN") {
      if (value === "VEVENT") current = {};
      else if (current) depth++;
      continue;
    }
    if (name === "END") {
      if (value === "VEVENT" && current) {
        events.push(current);
        current = null;
      } else if (current && depth > 0) depth--;
      continue;
    }
    if (current && depth === 0) {
      const text = unescapeText(value);
      current[name] ??= text;
      if (head !== name) current[head] = text;
    } else if (!current && name === "METHOD") method = value;
  }
  return { method, events };
}

/** The colon that separates a line's name and parameters from its value (colons inside quoted parameters do not count). */
function indexOfValueColon(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '"') quoted = !quoted;
    else if (char === ":" && !quoted) return i;
  }
  return -1;
}
