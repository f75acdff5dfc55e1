import * as z from "zod";
import { CHAT_MAX_CHARS } from "~/meetings/signalling-constants";

export { CHAT_MAX_CHARS, CLOSE_CODES, PING_TEXT, PONG_TEXT } from "~/meetings/signalling-constants";

// The signalling protocol between a participant's browser and the meeting's room (the MeetingRoom
// Durable Object, workers/meeting-room.ts), over one WebSocket per participant. Every message is a
// JSON text frame with a `type`. What a browser sends is size-limited before it is parsed and
// validated here before the room acts on it; what the room sends is typed below. Browser-safe.

/** The two people in a meeting: its booking's coach and its client. */
export const MEETING_ROLES = ["coach", "client"] as const;
export type MeetingRole = (typeof MEETING_ROLES)[number];

export const MeetingRoleSchema = z.enum(MEETING_ROLES);

/** An offer or answer carries a session description; a few codecs and candidates stay well inside this. */
export const SDP_MESSAGE_MAX_BYTES = 64 * 1024;
/** A chat message: 2,000 characters may take 3 bytes each in UTF-8, plus the envelope. */
export const CHAT_MESSAGE_MAX_BYTES = 8 * 1024;
/** Everything else: a candidate, a media state, a consent answer… */
export const MESSAGE_MAX_BYTES = 4 * 1024;
/** No message of any type is read beyond this (it is the largest of the limits above). */
export const ANY_MESSAGE_MAX_BYTES = SDP_MESSAGE_MAX_BYTES;

const SdpSchema = z.string().min(1).max(SDP_MESSAGE_MAX_BYTES);

/** What the browser's RTCIceCandidate.toJSON() gives; null is the end of the candidates. */
const IceCandidateSchema = z
  .object({
    candidate: z.string().max(1_024),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(255).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .strict();

/** What a participant is sending: microphone muted, camera on, screen shared instead of the camera. */
export const MediaStateSchema = z.object({ muted: z.boolean(), camera: z.boolean(), screen: z.boolean() }).strict();
export type MediaState = z.infer<typeof MediaStateSchema>;

/** Chat text: trimmed, not empty, at most CHAT_MAX_CHARS, no control characters but line breaks and tabs. */
const ChatTextSchema = z
  .string()
  .trim()
  .min(1, "empty")
  .max(CHAT_MAX_CHARS, `longer than ${CHAT_MAX_CHARS} characters`)
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text), "control characters");

export const ClientMessageSchema = z.discriminatedUnion("type", [
  /** Enter the call from the lobby, with the media the participant starts with. */
  z.object({ type: z.literal("join"), media: MediaStateSchema }).strict(),
  z.object({ type: z.literal("offer"), sdp: SdpSchema, iceRestart: z.boolean().optional() }).strict(),
  z.object({ type: z.literal("answer"), sdp: SdpSchema }).strict(),
  z.object({ type: z.literal("ice-candidate"), candidate: IceCandidateSchema.nullable() }).strict(),
  /** Ask the other side to restart ICE (the sender's connection is stuck in "disconnected"). */
  z.object({ type: z.literal("ice-restart") }).strict(),
  z.object({ type: z.literal("media-state"), media: MediaStateSchema }).strict(),
  /** A chat message; the browser's id makes a resend after a dropped connection harmless. */
  z.object({ type: z.literal("chat"), clientMessageId: z.uuid(), text: ChatTextSchema }).strict(),
  /** The coach asks to record. */
  z.object({ type: z.literal("recording-consent-request") }).strict(),
  /** The client accepts or declines the coach's request. */
  z.object({ type: z.literal("recording-consent-answer"), accepted: z.boolean() }).strict(),
  /** The coach's browser has started recording (only after the client consented). */
  z.object({ type: z.literal("recording-start") }).strict(),
  /** Either participant stops the recording. */
  z.object({ type: z.literal("recording-stop") }).strict(),
  z.object({ type: z.literal("leave") }).strict(),
  z.object({ type: z.literal("ping") }).strict(),
]);

export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage["type"];

export const CLIENT_MESSAGE_TYPES: readonly ClientMessageType[] = ClientMessageSchema.options.map((option) => option.shape.type.value);

/** The byte limit of each message type. */
export function messageByteLimit(type: ClientMessageType): number {
  if (type === "offer" || type === "answer") return SDP_MESSAGE_MAX_BYTES;
  if (type === "chat") return CHAT_MESSAGE_MAX_BYTES;
  return MESSAGE_MAX_BYTES;
}

/** Which messages each role may send (the rest are refused with "not_allowed"). */
const ROLE_ONLY: Partial<Record<ClientMessageType, MeetingRole>> = {
  "recording-consent-request": "coach",
  "recording-consent-answer": "client",
  "recording-start": "coach",
};

export function mayRoleSend(role: MeetingRole, type: ClientMessageType): boolean {
  const only = ROLE_ONLY[type];
  return only === undefined || only === role;
}

/**
 * Why a frame was refused: binary (only JSON text frames are read), too_large (over its type's byte
 * limit), malformed (not a JSON object with a string `type`), unknown_type, or invalid (a known type
 * whose fields are wrong; `detail` names them).
 */
export type SignallingErrorCode = "binary" | "too_large" | "malformed" | "unknown_type" | "invalid";

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; code: SignallingErrorCode; detail?: string };

const encoder = new TextEncoder();

/** The UTF-8 size of a text, counting only when its length leaves any doubt. */
function utf8Bytes(text: string, limit: number): number {
  // A UTF-16 code unit is 1–3 bytes in UTF-8 (a surrogate pair, two units, is 4).
  if (text.length > limit) return text.length;
  if (text.length * 3 <= limit) return text.length;
  return encoder.encode(text).byteLength;
}

/** One frame from a browser: its size is checked first, then its JSON, its type and its fields. */
export function parseClientMessage(frame: string | ArrayBuffer): ParseResult {
  if (typeof frame !== "string") return { ok: false, code: "binary" };
  const bytes = utf8Bytes(frame, ANY_MESSAGE_MAX_BYTES);
  if (bytes > ANY_MESSAGE_MAX_BYTES) return { ok: false, code: "too_large" };
  let data: unknown;
  try {
    data = JSON.parse(frame);
  } catch {
    return { ok: false, code: "malformed" };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { ok: false, code: "malformed" };
  const type = (data as { type?: unknown }).type;
  if (typeof type !== "string") return { ok: false, code: "malformed" };
  if (!(CLIENT_MESSAGE_TYPES as readonly string[]).includes(type)) return { ok: false, code: "unknown_type" };
  if (bytes > messageByteLimit(type as ClientMessageType)) return { ok: false, code: "too_large" };
  const parsed = ClientMessageSchema.safeParse(data);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join(".") || "message"}: ${issue.message}`).join("; ");
    return { ok: false, code: "invalid", detail: detail.slice(0, 300) };
  }
  return { ok: true, message: parsed.data };
}

// ── What the room sends ────────────────────────────────────────────────────────────────────────

/** Whether the other participant is connected, and whether in the lobby or in the call. */
export type PeerPresence = { role: MeetingRole; state: "lobby" | "in-call"; media: MediaState | null };

export type ChatMessage = { id: string; clientMessageId: string; from: MeetingRole; text: string; sentAt: string };

/**
 * Recording, with both people's consent: none → requested (the coach asked) → consented (the client
 * accepted) or declined → recording (the coach's browser started) → none again when either stops it;
 * every recording needs a new request.
 */
export type RecordingState = { state: "none" | "requested" | "consented" | "declined" | "recording"; since: string | null };

/** Why the room refused a message it parsed: the sender has not joined, may not send it, or its moment has passed. */
export type RoomRefusal = "not_joined" | "not_allowed" | "no_consent" | "chat_full";

export type ServerMessage =
  /** On connecting: who you are, who else is here, and the recording's state. */
  | { type: "welcome"; role: MeetingRole; peer: PeerPresence | null; recording: RecordingState; closesAt: string }
  /** On joining the call: the chat so far (a reload keeps it). */
  | { type: "joined"; chat: ChatMessage[]; peer: PeerPresence | null }
  /**
   * The other participant connected (in the lobby), joined the call or changed their media. "lobby"
   * after "in-call" means they reconnected (a reload): their old peer connection is gone.
   */
  | { type: "peer"; peer: PeerPresence }
  | { type: "peer-left"; role: MeetingRole }
  | { type: "offer"; from: MeetingRole; sdp: string; iceRestart?: boolean }
  | { type: "answer"; from: MeetingRole; sdp: string }
  | { type: "ice-candidate"; from: MeetingRole; candidate: z.infer<typeof IceCandidateSchema> | null }
  | { type: "ice-restart"; from: MeetingRole }
  | { type: "chat"; message: ChatMessage }
  | { type: "recording"; recording: RecordingState; by: MeetingRole }
  | { type: "pong" }
  | { type: "error"; code: SignallingErrorCode | RoomRefusal; detail?: string };
