import { DurableObject } from "cloudflare:workers";
import type { AppContext } from "~/context.server";
import { createAppContext } from "~/create-context.server";
import { recordConsentDecision } from "~/meetings/recording-consents.server";
import { endsWhenSomeoneLeaves, recordingTransition, type RecordingEvent, type RecordingMessage } from "~/meetings/recording-consent";
import {
  PARTICIPANT_HEADER,
  ROOM_REFUSED_HEADER,
  RoomParticipantSchema,
  type RecordingConsentEvent,
  type RoomParticipant,
  type RoomRefusal,
} from "~/meetings/room-protocol";
import {
  CLOSE_CODES,
  mayRoleSend,
  parseClientMessage,
  PING_TEXT,
  PONG_TEXT,
  type ChatMessage,
  type ClientMessage,
  type MediaState,
  type MeetingRole,
  type PeerPresence,
  type RecordingState,
  type ServerMessage,
} from "~/meetings/signalling";

/** Chat messages one meeting keeps; a meeting that reaches it is refused more ("chat_full"). */
const CHAT_MAX_MESSAGES = 5_000;

/**
 * What each socket carries through hibernation (serializeAttachment, at most 2 KiB): who it is, when
 * it connected, whether it is in the call or still in the lobby, and what it is sending.
 */
type SocketState = {
  userId: string;
  role: MeetingRole;
  /** When this socket connected (ISO). */
  joinedAt: string;
  inCall: boolean;
  media: MediaState | null;
  /** Replaced by the same person's newer socket, or left: on its way out, it speaks for nobody. */
  retired?: true;
};

type ChatRow = { id: string; client_message_id: string; sender_role: MeetingRole; text: string; sent_at: string };
type ConsentRow = { event: RecordingEvent; role: MeetingRole; user_id: string; at: string };

const OTHER: Record<MeetingRole, MeetingRole> = { coach: "client", client: "coach" };

/** The meta key naming who holds the role's live socket, kept until the room hears it close. */
function connectedKey(role: MeetingRole) {
  return `${role}_connected`;
}

function toChatMessage(row: ChatRow): ChatMessage {
  return { id: row.id, clientMessageId: row.client_message_id, from: row.sender_role, text: row.text, sentAt: row.sent_at };
}

function refuse(status: number, reason: RoomRefusal, message: string): Response {
  return new Response(message, { status, headers: { [ROOM_REFUSED_HEADER]: reason, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * One video meeting's room: WebRTC signalling between the booking's coach and client, the meeting's
 * chat, and the recording's consent. Browsers hold WebSockets accepted with the hibernation API, so
 * an idle call costs nothing: the object may be evicted between any two messages, and keeps nothing
 * in memory that matters. Who a socket is lives in its attachment; the chat, the recording's state and
 * its consent log live in the object's SQLite storage, and each consent step also goes to the
 * booking's record in D1 (recording-consents.server.ts). At most one socket per role: the same person
 * connecting again (a reload, a second tab) replaces their older socket; anyone else is refused.
 * Only the Worker reaches the object, after checking the session and the participant
 * (meetings/room.server.ts; decision record 013).
 */
export class MeetingRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private appContext: AppContext | undefined;
  /**
   * Consent steps on their way to D1, one after another in the order the room applied them (the
   * recordings API replays them in that order). Only ever awaited by the event that queued a step,
   * so nothing is lost when the object is evicted: it is not evicted while an event is running.
   */
  private consentWrites: Promise<void> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_TEXT, PONG_TEXT));
    void ctx.blockConcurrencyWhile(async () => this.ensureSchema());
  }

  /** The object's context, from the same builder as every request's, made on first use (decision record 012). */
  private get context(): AppContext {
    return (this.appContext ??= createAppContext(this.env, {
      executionContext: { waitUntil: (promise) => this.ctx.waitUntil(promise), passThroughOnException: () => undefined },
    }));
  }

  private now(): Date {
    return this.context.services.clock.now();
  }

  private ensureSchema() {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)`);
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS chat_messages (
         seq INTEGER PRIMARY KEY AUTOINCREMENT,
         id TEXT NOT NULL UNIQUE,
         client_message_id TEXT NOT NULL UNIQUE,
         sender_role TEXT NOT NULL CHECK (sender_role IN ('coach', 'client')),
         sender_id TEXT NOT NULL,
         text TEXT NOT NULL,
         sent_at TEXT NOT NULL
       )`,
    );
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS recording_consent (
         seq INTEGER PRIMARY KEY AUTOINCREMENT,
         event TEXT NOT NULL CHECK (event IN ('requested', 'accepted', 'declined', 'started', 'stopped')),
         role TEXT NOT NULL CHECK (role IN ('coach', 'client')),
         user_id TEXT NOT NULL,
         at TEXT NOT NULL
       )`,
    );
  }

  private meta(key: string): string | null {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  private setMeta(key: string, value: string) {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  // ── RPC (called by the Worker after its own checks) ────────────────────────────────────────

  /** The meeting's chat, oldest first: for the meeting's record after the call. */
  async chat(): Promise<ChatMessage[]> {
    return this.chatMessages();
  }

  /** The chat as one participant exports it: every message, each marked whether it is theirs. */
  async chatOf(userId: string): Promise<{ from: MeetingRole; text: string; sentAt: string; mine: boolean }[]> {
    return this.sql
      .exec<ChatRow & { sender_id: string }>("SELECT sender_role, sender_id, text, sent_at FROM chat_messages ORDER BY seq")
      .toArray()
      .map((row) => ({ from: row.sender_role, text: row.text, sentAt: row.sent_at, mine: row.sender_id === userId }));
  }

  /**
   * A participant's account is deleted: their messages go, the consent log keeps its events without
   * their id, and their socket closes. Returns how many messages went (harmless if repeated).
   */
  async forgetParticipant(userId: string): Promise<number> {
    for (const socket of this.ctx.getWebSockets()) {
      const state = this.stateOf(socket);
      if (state?.userId !== userId) continue;
      socket.serializeAttachment({ ...state, retired: true } satisfies SocketState);
      this.departed(state);
      this.closeSocket(socket, CLOSE_CODES.left, "This account has been deleted.");
    }
    // A recording their leaving ended is stored before their account (and its D1 rows) goes.
    await this.consentStored();
    return this.ctx.storage.transactionSync(() => {
      const removed = this.sql.exec("DELETE FROM chat_messages WHERE sender_id = ?", userId).rowsWritten;
      this.sql.exec("UPDATE recording_consent SET user_id = '' WHERE user_id = ?", userId);
      this.sql.exec("DELETE FROM meta WHERE key IN ('coach_user_id', 'client_user_id', 'coach_connected', 'client_connected') AND value = ?", userId);
      return removed;
    });
  }

  /** Who asked for, consented to, started and stopped recordings, and when. */
  async recordingConsent(): Promise<RecordingConsentEvent[]> {
    return this.sql
      .exec<ConsentRow>("SELECT event, role, user_id, at FROM recording_consent ORDER BY seq")
      .toArray()
      .map((row) => ({ event: row.event, role: row.role, userId: row.user_id, at: row.at }));
  }

  /** Everything the room keeps, and its sockets and alarm (harmless if repeated). */
  async purge(): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) this.closeSocket(socket, CLOSE_CODES.roomClosed, "The room has closed.");
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    // deleteAll drops the tables too.
    this.ensureSchema();
  }

  // ── Connecting ─────────────────────────────────────────────────────────────────────────────

  override async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname !== "/connect") return new Response("Not found", { status: 404 });
    if (request.method !== "GET" || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return refuse(426, "not_websocket", "Expected a WebSocket upgrade.");
    }
    const participant = this.participantOf(request);
    if (!participant) return refuse(400, "bad_participant", "Unknown participant.");
    const now = this.now();
    if (now.getTime() >= Date.parse(participant.closesAt)) return refuse(410, "room_closed", "The room has closed.");

    const current = this.socketOf(participant.role);
    if (current && current.state.userId !== participant.userId) return refuse(409, "room_full", "Someone else is in this meeting's place.");

    this.setMeta("meeting_id", participant.meetingId);
    this.setMeta(`${participant.role}_user_id`, participant.userId);

    const state: SocketState = { userId: participant.userId, role: participant.role, joinedAt: now.toISOString(), inCall: false, media: null };
    if (current) {
      // The same person again (a reload, a second tab): the newer socket takes over.
      current.socket.serializeAttachment({ ...current.state, retired: true } satisfies SocketState);
      this.closeSocket(current.socket, CLOSE_CODES.replaced, "You joined from another window.");
      this.endRecordingWith(current.state);
    } else if (this.meta(connectedKey(participant.role)) !== null) {
      // Their last socket went without the room hearing it close (the object was reset, as a deploy
      // does): this is a reconnect too, and their recorder or consent screen went with that socket.
      this.endRecordingWith(state);
    }
    this.setMeta(connectedKey(participant.role), participant.userId);

    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [participant.role]);
    server.serializeAttachment(state);
    this.send(server, {
      type: "welcome",
      role: state.role,
      peer: this.presenceOf(OTHER[state.role]),
      recording: this.recording(),
      closesAt: participant.closesAt,
    });
    this.sendToRole(OTHER[state.role], { type: "peer", peer: this.presence(state) });
    await this.scheduleClosing(participant.closesAt);
    await this.consentStored();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The participant the Worker named; null when missing, unreadable, or for another meeting than this room's. */
  private participantOf(request: Request): RoomParticipant | null {
    const header = request.headers.get(PARTICIPANT_HEADER);
    if (!header) return null;
    let data: unknown;
    try {
      data = JSON.parse(header);
    } catch {
      return null;
    }
    const parsed = RoomParticipantSchema.safeParse(data);
    if (!parsed.success) return null;
    const meetingId = this.meta("meeting_id");
    if (meetingId !== null && meetingId !== parsed.data.meetingId) return null;
    return parsed.data;
  }

  /** The room closes its sockets at its closing time (the booking may have moved: the latest word wins). */
  private async scheduleClosing(closesAt: string) {
    if (this.meta("closes_at") === closesAt && (await this.ctx.storage.getAlarm()) !== null) return;
    this.setMeta("closes_at", closesAt);
    await this.ctx.storage.setAlarm(Date.parse(closesAt));
  }

  override async alarm(): Promise<void> {
    const closesAt = this.meta("closes_at");
    if (closesAt === null) return;
    if (this.now().getTime() < Date.parse(closesAt)) {
      await this.ctx.storage.setAlarm(Date.parse(closesAt));
      return;
    }
    for (const socket of this.ctx.getWebSockets()) {
      const state = this.stateOf(socket);
      if (state) {
        socket.serializeAttachment({ ...state, retired: true } satisfies SocketState);
        this.endRecordingWith(state);
      }
      this.closeSocket(socket, CLOSE_CODES.roomClosed, "The room has closed.");
    }
    await this.consentStored();
  }

  // ── Sockets ────────────────────────────────────────────────────────────────────────────────

  private stateOf(socket: WebSocket): SocketState | null {
    const state = socket.deserializeAttachment() as SocketState | null;
    return state && !state.retired ? state : null;
  }

  /** The role's live socket (never a retired one), with its state. */
  private socketOf(role: MeetingRole): { socket: WebSocket; state: SocketState } | null {
    for (const socket of this.ctx.getWebSockets(role)) {
      const state = this.stateOf(socket);
      if (state && socket.readyState === WebSocket.OPEN) return { socket, state };
    }
    return null;
  }

  private presence(state: SocketState): PeerPresence {
    return { role: state.role, state: state.inCall ? "in-call" : "lobby", media: state.media };
  }

  private presenceOf(role: MeetingRole): PeerPresence | null {
    const found = this.socketOf(role);
    return found ? this.presence(found.state) : null;
  }

  private send(socket: WebSocket, message: ServerMessage) {
    try {
      socket.send(JSON.stringify(message));
    } catch {
      // The socket is closing; its close event tells the other side.
    }
  }

  private sendToRole(role: MeetingRole, message: ServerMessage) {
    const found = this.socketOf(role);
    if (found) this.send(found.socket, message);
  }

  /** Signalling goes only to a peer in the call: one still in the lobby has no connection to negotiate. */
  private sendToPeerInCall(role: MeetingRole, message: ServerMessage) {
    const found = this.socketOf(role);
    if (found?.state.inCall) this.send(found.socket, message);
  }

  private broadcast(message: ServerMessage) {
    for (const role of ["coach", "client"] as const) this.sendToRole(role, message);
  }

  private closeSocket(socket: WebSocket, code: number, reason: string) {
    try {
      socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  override async webSocketMessage(socket: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    const state = this.stateOf(socket);
    if (!state) return;
    const parsed = parseClientMessage(frame);
    if (!parsed.ok) {
      this.send(socket, { type: "error", code: parsed.code, ...(parsed.detail ? { detail: parsed.detail } : {}) });
      return;
    }
    const message = parsed.message;
    if (!mayRoleSend(state.role, message.type)) {
      this.send(socket, { type: "error", code: "not_allowed", detail: message.type });
      return;
    }
    if (message.type === "ping") return this.send(socket, { type: "pong" });
    if (message.type === "join") return this.join(socket, state, message.media);
    if (message.type === "leave") {
      this.departed(state);
      socket.serializeAttachment({ ...state, retired: true } satisfies SocketState);
      this.closeSocket(socket, CLOSE_CODES.left, "You left the meeting.");
      await this.consentStored();
      return;
    }
    if (!state.inCall) {
      this.send(socket, { type: "error", code: "not_joined", detail: message.type });
      return;
    }
    await this.inCall(socket, state, message);
    // A step ended by this message (a leave, say) is stored before the event ends.
    await this.consentStored();
  }

  private join(socket: WebSocket, state: SocketState, media: MediaState) {
    const joined: SocketState = { ...state, inCall: true, media };
    socket.serializeAttachment(joined);
    this.send(socket, { type: "joined", chat: this.chatMessages(), peer: this.presenceOf(OTHER[state.role]) });
    this.sendToRole(OTHER[state.role], { type: "peer", peer: this.presence(joined) });
  }

  private inCall(socket: WebSocket, state: SocketState, message: Exclude<ClientMessage, { type: "ping" | "join" | "leave" }>): void | Promise<void> {
    const from = state.role;
    const other = OTHER[from];
    switch (message.type) {
      case "offer":
        return this.sendToPeerInCall(other, { type: "offer", from, sdp: message.sdp, ...(message.iceRestart ? { iceRestart: true } : {}) });
      case "answer":
        return this.sendToPeerInCall(other, { type: "answer", from, sdp: message.sdp });
      case "ice-candidate":
        return this.sendToPeerInCall(other, { type: "ice-candidate", from, candidate: message.candidate });
      case "ice-restart":
        return this.sendToPeerInCall(other, { type: "ice-restart", from });
      case "media-state": {
        const updated: SocketState = { ...state, media: message.media };
        socket.serializeAttachment(updated);
        return this.sendToRole(other, { type: "peer", peer: this.presence(updated) });
      }
      case "chat":
        return this.addChat(socket, state, message.clientMessageId, message.text);
      case "recording-consent-request":
      case "recording-consent-answer":
      case "recording-start":
      case "recording-stop":
        return this.recordingMessage(socket, state, message);
    }
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    const state = this.stateOf(socket);
    // Answer the browser's close (1005 and 1006 name no code a close frame may carry).
    this.closeSocket(socket, code === 1005 || code === 1006 ? 1000 : code, reason);
    if (state) this.departed(state);
    await this.consentStored();
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    const state = this.stateOf(socket);
    if (state) {
      socket.serializeAttachment({ ...state, retired: true } satisfies SocketState);
      this.departed(state);
    }
    this.closeSocket(socket, 1011, "Connection error.");
    await this.consentStored();
  }

  /** A participant has gone: the other one is told, and a recording (or a request for one) ends with the call. */
  private departed(state: SocketState) {
    this.sql.exec("DELETE FROM meta WHERE key = ?", connectedKey(state.role));
    this.sendToRole(OTHER[state.role], { type: "peer-left", role: state.role });
    this.endRecordingWith(state);
  }

  /**
   * A recording, a request or an unused consent ends when either person's call does: when they leave,
   * and when they reconnect (their browser's recorder, or the request on their screen, is gone).
   */
  private endRecordingWith(state: SocketState) {
    if (!endsWhenSomeoneLeaves(this.recording().state)) return;
    this.ctx.storage.transactionSync(() => {
      this.logConsent("stopped", state);
      this.setRecording("none");
    });
    this.broadcast({ type: "recording", recording: this.recording(), by: state.role });
  }

  // ── Chat ───────────────────────────────────────────────────────────────────────────────────

  private chatMessages(): ChatMessage[] {
    return this.sql.exec<ChatRow>("SELECT id, client_message_id, sender_role, text, sent_at FROM chat_messages ORDER BY seq").toArray().map(toChatMessage);
  }

  /** Stores a message once per clientMessageId and gives it to both; a resend is acknowledged to its sender only. */
  private addChat(socket: WebSocket, state: SocketState, clientMessageId: string, text: string) {
    const existing = this.sql
      .exec<ChatRow>("SELECT id, client_message_id, sender_role, text, sent_at FROM chat_messages WHERE client_message_id = ?", clientMessageId)
      .toArray()[0];
    if (existing) {
      // Another participant's id is not this sender's to learn about.
      if (existing.sender_role === state.role) this.send(socket, { type: "chat", message: toChatMessage(existing) });
      return;
    }
    const count = this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM chat_messages").one().n;
    if (count >= CHAT_MAX_MESSAGES) {
      this.send(socket, { type: "error", code: "chat_full" });
      return;
    }
    const message: ChatMessage = { id: crypto.randomUUID(), clientMessageId, from: state.role, text, sentAt: this.now().toISOString() };
    this.sql.exec(
      "INSERT INTO chat_messages (id, client_message_id, sender_role, sender_id, text, sent_at) VALUES (?, ?, ?, ?, ?, ?)",
      message.id,
      clientMessageId,
      state.role,
      state.userId,
      text,
      message.sentAt,
    );
    this.broadcast({ type: "chat", message });
  }

  // ── Recording, only with both people's consent ────────────────────────────────────────────

  private recording(): RecordingState {
    const state = (this.meta("recording_state") ?? "none") as RecordingState["state"];
    return { state, since: this.meta("recording_since") };
  }

  private setRecording(state: RecordingState["state"]) {
    this.setMeta("recording_state", state);
    this.setMeta("recording_since", this.now().toISOString());
  }

  /** Logs a consent step in the room, and queues it for the booking's record in D1 (recording-consents.server.ts). */
  private logConsent(event: RecordingEvent, state: SocketState) {
    const at = this.now();
    this.sql.exec("INSERT INTO recording_consent (event, role, user_id, at) VALUES (?, ?, ?, ?)", event, state.role, state.userId, at.toISOString());
    const meetingId = this.meta("meeting_id");
    if (meetingId === null) return;
    const input = { meetingId, userId: state.userId, role: state.role, decision: event, at };
    this.consentWrites = this.consentWrites
      .then(() => recordConsentDecision(this.context.db, input))
      .catch((error: unknown) => {
        // The room's own log keeps the step; without it in D1 an upload is refused, never allowed.
        console.error("meetings: a recording consent step could not be stored with the booking", error instanceof Error ? error.message : String(error));
      });
    this.ctx.waitUntil(this.consentWrites);
  }

  /** Until every consent step the room has applied is in D1. */
  private consentStored(): Promise<void> {
    return this.consentWrites;
  }

  /** A step of the recording's consent (recording-consent.ts); anything out of turn is refused and changes nothing. */
  private async recordingMessage(socket: WebSocket, state: SocketState, message: RecordingMessage) {
    const current = this.recording().state;
    const transition = recordingTransition(current, message);
    if (!transition) {
      const code = message.type === "recording-start" ? "no_consent" : "not_allowed";
      this.send(socket, { type: "error", code, detail: `${message.type} while ${current}` });
      return;
    }
    this.ctx.storage.transactionSync(() => {
      this.logConsent(transition.event, state);
      this.setRecording(transition.next);
    });
    // Announced once D1 has it: the coach's browser may ask to upload the moment it hears "consented".
    await this.consentStored();
    this.broadcast({ type: "recording", recording: this.recording(), by: state.role });
  }
}
