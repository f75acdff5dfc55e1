import type { ClientMessage, RecordingState } from "~/meetings/signalling";

// Recording only with both people's consent: the rules of the recording's state, browser-safe (the
// room applies them; the call's UI shows the same states).

export type RecordingEvent = "requested" | "accepted" | "declined" | "started" | "stopped";

export type RecordingMessage = Extract<
  ClientMessage,
  { type: "recording-consent-request" | "recording-consent-answer" | "recording-start" | "recording-stop" }
>;

/**
 * The coach asks (none or declined → requested), the client answers (requested → consented or
 * declined), the coach's browser starts (consented → recording), and either stops it, or withdraws a
 * request or a consent before it starts (→ none; a new recording needs a new request). Anything out
 * of turn gives null and changes nothing. Who may send which message is mayRoleSend's (signalling.ts).
 */
export function recordingTransition(
  current: RecordingState["state"],
  message: RecordingMessage,
): { event: RecordingEvent; next: RecordingState["state"] } | null {
  switch (message.type) {
    case "recording-consent-request":
      return current === "none" || current === "declined" ? { event: "requested", next: "requested" } : null;
    case "recording-consent-answer":
      if (current !== "requested") return null;
      return message.accepted ? { event: "accepted", next: "consented" } : { event: "declined", next: "declined" };
    case "recording-start":
      return current === "consented" ? { event: "started", next: "recording" } : null;
    case "recording-stop":
      return current === "recording" || current === "consented" || current === "requested" ? { event: "stopped", next: "none" } : null;
  }
}

/** When a participant leaves, a recording (or a request or consent not yet used) ends with the call. */
export function endsWhenSomeoneLeaves(current: RecordingState["state"]): boolean {
  return current === "recording" || current === "requested" || current === "consented";
}
