import { CLOSE_CODES, PING_TEXT } from "~/meetings/signalling-constants";
import type { ClientMessage, ServerMessage } from "~/meetings/signalling";

// The browser's end of the meeting's signalling socket (GET /meeting/:id/socket, the MeetingRoom
// object behind it). It reconnects by itself after a drop, with a growing, jittered delay, and keeps
// the connection warm with the ping the room answers without waking. It stops for good when the room
// says this window was replaced by another (4001), the room has closed (4002), or the person left.

/** Why the socket stopped for good. */
export type SignallingEnd = "replaced" | "closed" | "left" | "refused";

export type SignallingStatus = "connecting" | "open" | "reconnecting" | "ended";

export type SignallingEvents = {
  message: (message: ServerMessage) => void;
  status: (status: SignallingStatus, end?: SignallingEnd) => void;
};

/** How often a ping keeps an idle connection alive (proxies drop idle sockets after a minute or so). */
export const PING_INTERVAL_MS = 20_000;

/** The delay before reconnection attempt `attempt` (0-based): 0.5 s doubling to 10 s, with ±25 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** What ended the socket, from its close code; null means it dropped and should reconnect. */
export function endOfClose(code: number, leaving: boolean): SignallingEnd | null {
  if (code === CLOSE_CODES.replaced) return "replaced";
  if (code === CLOSE_CODES.roomClosed) return "closed";
  if (leaving) return "left";
  return null;
}

export function socketUrl(meetingId: string, location: Pick<Location, "protocol" | "host">): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/meeting/${encodeURIComponent(meetingId)}/socket`;
}

export class SignallingClient {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private leaving = false;
  private stopped = false;
  /** Consecutive connections that closed before ever opening (an upgrade refused: not a participant, room closed). */
  private refusals = 0;
  status: SignallingStatus = "connecting";

  constructor(
    private readonly url: string,
    private readonly events: SignallingEvents,
  ) {}

  connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    const socket = new WebSocket(this.url);
    this.socket = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      opened = true;
      this.attempt = 0;
      this.refusals = 0;
      this.setStatus("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.sendRaw(PING_TEXT), PING_INTERVAL_MS);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket || typeof event.data !== "string") return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === "pong") return;
      this.events.message(message);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      clearInterval(this.pingTimer);
      this.socket = null;
      const end = endOfClose(event.code, this.leaving);
      if (end) return this.end(end);
      // An upgrade that is refused (not a participant any more, the room closed) never opens: give up after a few.
      this.refusals = opened ? 0 : this.refusals + 1;
      if (this.refusals >= 6) return this.end("refused");
      this.setStatus("reconnecting");
      this.retryTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
    });
  }

  /** Drops the current socket and connects again at once (a full rejoin after failed ICE restarts). */
  reconnect() {
    if (this.stopped) return;
    const old = this.socket;
    this.socket = null;
    clearInterval(this.pingTimer);
    old?.close(1000, "Reconnecting");
    this.setStatus("reconnecting");
    this.connect();
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends now if connected; answers whether it was sent (signalling lost in a drop is renegotiated after it). */
  send(message: ClientMessage): boolean {
    return this.sendRaw(JSON.stringify(message));
  }

  private sendRaw(text: string): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(text);
    return true;
  }

  leave() {
    this.leaving = true;
    if (!this.send({ type: "leave" })) this.end("left");
  }

  /** Stops without a word to the room (the page is going away). */
  close() {
    this.stopped = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "Closed");
  }

  private end(end: SignallingEnd) {
    this.close();
    this.setStatus("ended", end);
  }

  private setStatus(status: SignallingStatus, end?: SignallingEnd) {
    this.status = status;
    this.events.status(status, end);
  }
}
