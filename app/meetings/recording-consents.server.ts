import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { meetingRecordingConsents, meetingRecordings, type RecordingConsentDecision } from "~/db/schema";
import { recordingTransition, type RecordingMessage } from "~/meetings/recording-consent";
import { mayRoleSend, type MeetingRole, type RecordingState } from "~/meetings/signalling";

// Recording consent, stored with the booking (D1): the meeting's room writes each step it applies,
// and the recordings API asks whether an upload may begin. The rules are recording-consent.ts's
// (the room applies the same ones): the stored steps are replayed through them, so D1 and the room
// can never disagree about what a step meant.

export type ConsentDecisionInput = {
  /** The meeting's id, which is its booking's. */
  meetingId: string;
  userId: string;
  role: MeetingRole;
  decision: RecordingConsentDecision;
  at: Date;
};

/** Stores one step of a recording's consent: who (user and role), what and when. */
export async function recordConsentDecision(db: Db, input: ConsentDecisionInput): Promise<void> {
  await db.insert(meetingRecordingConsents).values({
    bookingId: input.meetingId,
    userId: input.userId,
    role: input.role,
    decision: input.decision,
    at: input.at.toISOString(),
  });
}

export type StoredConsentDecision = { seq: number; role: MeetingRole; decision: RecordingConsentDecision; at: string };

/** Why an upload may not begin: nothing asked, no answer yet, declined, stopped (or withdrawn), or already recorded once. */
export type ConsentRefusal = "not_requested" | "awaiting_answer" | "declined" | "stopped" | "used";

export type RecordingConsent =
  | {
      granted: true;
      /** The client's acceptance (its seq): the recording made under it records it, once. */
      acceptedSeq: number;
      requestedAt: string;
      acceptedAt: string;
    }
  | { granted: false; reason: ConsentRefusal; message: string };

const REFUSAL_MESSAGES: Record<ConsentRefusal, string> = {
  not_requested: "Recording needs the client's consent: ask to record first.",
  awaiting_answer: "The client hasn't answered the request to record yet.",
  declined: "The client declined the request to record.",
  stopped: "Recording was stopped. Ask the client again to start a new recording.",
  used: "This consent has been used for a recording already. Ask the client again to record another.",
};

export function consentRefusal(reason: ConsentRefusal): RecordingConsent & { granted: false } {
  return { granted: false, reason, message: REFUSAL_MESSAGES[reason] };
}

const MESSAGE_OF: Record<RecordingConsentDecision, RecordingMessage> = {
  requested: { type: "recording-consent-request" },
  accepted: { type: "recording-consent-answer", accepted: true },
  declined: { type: "recording-consent-answer", accepted: false },
  started: { type: "recording-start" },
  stopped: { type: "recording-stop" },
};

/**
 * Where the stored steps leave the latest request, by recording-consent.ts's rules: a step out of
 * turn, or by a role that may not take it, changes nothing (as in the room). Granted when the client
 * accepted the latest request and nobody has stopped since; whether that consent is already used is
 * the caller's to check.
 */
export function replayConsent(decisions: readonly StoredConsentDecision[]): RecordingConsent {
  let state: RecordingState["state"] = "none";
  let requested: StoredConsentDecision | null = null;
  let accepted: StoredConsentDecision | null = null;
  let everRequested = false;
  for (const step of decisions) {
    const message = MESSAGE_OF[step.decision];
    if (!mayRoleSend(step.role, message.type)) continue;
    const transition = recordingTransition(state, message);
    if (!transition) continue;
    state = transition.next;
    if (transition.event === "requested") {
      everRequested = true;
      requested = step;
      accepted = null;
    }
    if (transition.event === "accepted") accepted = step;
  }
  if ((state === "consented" || state === "recording") && requested && accepted) {
    return { granted: true, acceptedSeq: accepted.seq, requestedAt: requested.at, acceptedAt: accepted.at };
  }
  if (state === "requested") return consentRefusal("awaiting_answer");
  if (state === "declined") return consentRefusal("declined");
  return consentRefusal(everRequested ? "stopped" : "not_requested");
}

/** The meeting's consent steps, in the order they happened. */
export async function consentDecisions(db: Db, meetingId: string): Promise<StoredConsentDecision[]> {
  return db
    .select({
      seq: meetingRecordingConsents.seq,
      role: meetingRecordingConsents.role,
      decision: meetingRecordingConsents.decision,
      at: meetingRecordingConsents.at,
    })
    .from(meetingRecordingConsents)
    .where(eq(meetingRecordingConsents.bookingId, meetingId))
    .orderBy(asc(meetingRecordingConsents.seq));
}

/**
 * Whether a recording may begin now: the client accepted the coach's latest request, nobody has
 * stopped or withdrawn it since, and no recording has been made under that acceptance yet.
 */
export async function consentForRecording(db: Db, meetingId: string): Promise<RecordingConsent> {
  const consent = replayConsent(await consentDecisions(db, meetingId));
  if (!consent.granted) return consent;
  const used = await db
    .select({ id: meetingRecordings.id })
    .from(meetingRecordings)
    .where(and(isNotNull(meetingRecordings.consentSeq), eq(meetingRecordings.consentSeq, consent.acceptedSeq)))
    .get();
  return used ? consentRefusal("used") : consent;
}
