import type { IceServersAnswer } from "~/meetings/ice-servers.server";
import type { ChatMessage, MediaState, MeetingRole, PeerPresence, RecordingState, ServerMessage } from "~/meetings/signalling";
import { chatLines, loadPending, mergeMessages, savePending, stillPending, type ChatLine, type PendingChat } from "~/meetings/ui/call/chat";
import { PeerConnection } from "~/meetings/ui/call/peer-connection";
import { INITIAL_QUALITY, nextQuality, sampleFromStats, type LossCounters, type QualityState, type StatsEntry } from "~/meetings/ui/call/quality";
import { recordingStream, type CallRecorder, type CreateCallRecorder, type RecordingStream } from "~/meetings/ui/call/recording-stream";
import { SignallingClient, socketUrl, type SignallingEnd, type SignallingStatus } from "~/meetings/ui/call/signalling-client";

// The call in one browser: the signalling socket, this person's camera and microphone, the peer
// connection to the other person, the chat, the connection's quality and the recording's state. The
// React view (room.tsx) subscribes to its state and calls its methods; nothing here renders.

export type CallPhase = "lobby" | "joining" | "in-call" | "left" | "ended";

export type LocalMedia = {
  muted: boolean;
  camera: boolean;
  screen: boolean;
  /** Whether a microphone and a camera were available when joining. */
  hasMicrophone: boolean;
  hasCamera: boolean;
};

export type CallState = {
  phase: CallPhase;
  end: SignallingEnd | null;
  connection: SignallingStatus;
  /** The other person: null when they are not connected. */
  peer: PeerPresence | null;
  /** When the other person arrived in the lobby (ms since epoch), while they wait there. */
  peerWaitingSince: number | null;
  media: "none" | RTCPeerConnectionState;
  local: LocalMedia;
  /** What this person sends as video (camera or screen), for the self view. */
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** Bumped whenever the remote stream's tracks change, so the view re-attaches it. */
  remoteVersion: number;
  chat: ChatLine[];
  quality: QualityState;
  recording: RecordingState;
  recordingBy: MeetingRole | null;
  /** The latest state change, in words, for the aria-live region. */
  announcement: { text: string; at: number } | null;
  closesAt: string | null;
};

/** What the lobby hands over when the person presses Join. */
export type JoinChoice = {
  stream: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  audioDeviceId?: string;
  videoDeviceId?: string;
  audioOutputId?: string;
};

export type CallOptions = {
  meetingId: string;
  role: MeetingRole;
  peerName: string;
  /** Plays the "someone is waiting" chime. */
  chime?: () => void;
  /** The coach's recorder (app/meetings/recording/recorder.ts); without one the coach cannot start a recording. */
  createRecorder?: CreateCallRecorder;
};

const REJOIN_KEY = (meetingId: string) => `meeting-in-call:${meetingId}`;
type RejoinRecord = Omit<JoinChoice, "stream">;

const initialLocal: LocalMedia = { muted: false, camera: true, screen: false, hasMicrophone: false, hasCamera: false };

export class CallController {
  state: CallState;
  private readonly listeners = new Set<() => void>();
  private readonly signalling: SignallingClient;
  private peerConnection: PeerConnection | null = null;
  private peerReady: Promise<PeerConnection> | null = null;
  private signalQueue: Promise<void> = Promise.resolve();
  private iceServers: Promise<RTCIceServer[]> | null = null;
  private stream: MediaStream | null = null;
  private microphone: MediaStreamTrack | null = null;
  private camera: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  private choice: RejoinRecord | null = null;

  /** The speaker chosen in the lobby, where the browser can choose one. */
  get audioOutputId() {
    return this.choice?.audioOutputId;
  }
  private messages: ChatMessage[] = [];
  private pending: PendingChat[];
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private lossCounters: LossCounters | null = null;
  private recorder: { recorder: CallRecorder; source: RecordingStream } | null = null;
  /** Wanted in the call (Join pressed, not left): a reconnected socket joins again by itself. */
  private wantInCall = false;

  constructor(private readonly options: CallOptions) {
    this.pending = loadPending(safeStorage("localStorage"), options.meetingId);
    this.state = {
      phase: "lobby",
      end: null,
      connection: "connecting",
      peer: null,
      peerWaitingSince: null,
      media: "none",
      local: initialLocal,
      localStream: null,
      remoteStream: null,
      remoteVersion: 0,
      chat: chatLines([], this.pending),
      quality: INITIAL_QUALITY,
      recording: { state: "none", since: null },
      recordingBy: null,
      announcement: null,
      closesAt: null,
    };
    this.signalling = new SignallingClient(socketUrl(options.meetingId, window.location), {
      message: (message) => this.onMessage(message),
      status: (status, end) => this.onStatus(status, end),
    });
  }

  // ── State for React (useSyncExternalStore) ───────────────────────────────────────────────

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<CallState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private announce(text: string) {
    this.set({ announcement: { text, at: Date.now() } });
  }

  // ── Life cycle ─────────────────────────────────────────────────────────────────────────────

  /** Opens the socket at the lobby (the other person sees "waiting in the lobby") and fetches the ICE servers. */
  start() {
    this.iceServers = this.fetchIceServers();
    this.signalling.connect();
  }

  /** A reload in the middle of a call: the choices made at Join, if this tab was in the call. */
  static rejoinRecord(meetingId: string): RejoinRecord | null {
    try {
      const text = safeStorage("sessionStorage")?.getItem(REJOIN_KEY(meetingId));
      return text ? (JSON.parse(text) as RejoinRecord) : null;
    } catch {
      return null;
    }
  }

  private async fetchIceServers(): Promise<RTCIceServer[]> {
    try {
      const response = await fetch(`/meeting/${encodeURIComponent(this.options.meetingId)}/ice-servers`, { headers: { Accept: "application/json" } });
      if (!response.ok) return [];
      const answer = (await response.json()) as IceServersAnswer;
      return answer.iceServers;
    } catch {
      return [];
    }
  }

  join(choice: JoinChoice) {
    this.stream = choice.stream;
    this.microphone = choice.stream?.getAudioTracks()[0] ?? null;
    this.camera = choice.stream?.getVideoTracks()[0] ?? null;
    if (this.microphone) this.microphone.enabled = !choice.muted;
    if (this.camera && choice.cameraOff) {
      this.camera.stop();
      this.camera = null;
    }
    const { stream: _stream, ...record } = choice;
    this.choice = record;
    try {
      safeStorage("sessionStorage")?.setItem(REJOIN_KEY(this.options.meetingId), JSON.stringify(this.choice));
    } catch {
      // Without storage a reload shows the lobby again.
    }
    const hasMicrophone = Boolean(this.microphone);
    this.set({
      phase: "joining",
      local: {
        muted: choice.muted || !hasMicrophone,
        camera: Boolean(this.camera),
        screen: false,
        hasMicrophone,
        hasCamera: Boolean(choice.stream?.getVideoTracks().length),
      },
    });
    this.set({ localStream: this.selfView() });
    this.wantInCall = true;
    this.sendJoin();
  }

  private mediaState(): MediaState {
    const { muted, camera, screen } = this.state.local;
    return { muted, camera: (camera || screen) && !this.state.quality.audioOnly, screen };
  }

  private sendJoin() {
    if (this.signalling.isOpen) this.signalling.send({ type: "join", media: this.mediaState() });
  }

  leave() {
    this.wantInCall = false;
    this.forgetRejoin();
    void this.stopRecorder();
    this.signalling.leave();
    this.closePeer();
    this.stopLocal();
    this.set({ phase: "left", remoteStream: null, localStream: null });
    this.announce("You left the call.");
  }

  /** The page is going away (navigation, unmount): nothing is said to the room, a reload rejoins. */
  dispose() {
    this.signalling.close();
    this.closePeer();
    this.stopLocal();
  }

  private forgetRejoin() {
    try {
      safeStorage("sessionStorage")?.removeItem(REJOIN_KEY(this.options.meetingId));
    } catch {
      // Nothing to forget.
    }
  }

  private stopLocal() {
    for (const track of [this.microphone, this.camera, this.screen]) track?.stop();
    this.stream?.getTracks().forEach((track) => track.stop());
    this.microphone = this.camera = this.screen = null;
  }

  // ── Signalling ───────────────────────────────────────────────────────────────────────────

  private onStatus(status: SignallingStatus, end?: SignallingEnd) {
    this.set({ connection: status });
    if (status === "reconnecting") this.announce("Connection to the meeting lost. Reconnecting…");
    if (status === "ended" && end) {
      if (end === "left") return;
      this.wantInCall = false;
      this.closePeer();
      this.stopLocal();
      if (end !== "replaced") this.forgetRejoin();
      this.set({ phase: "ended", end, remoteStream: null, localStream: null });
      this.announce(
        end === "replaced"
          ? "You joined this meeting from another window."
          : end === "closed"
            ? "The meeting room has closed."
            : "You can no longer join this meeting.",
      );
    }
  }

  private onMessage(message: ServerMessage) {
    switch (message.type) {
      case "welcome":
        this.set({ closesAt: message.closesAt, recording: message.recording });
        this.updatePeer(message.peer);
        if (this.wantInCall) this.sendJoin();
        return;
      case "joined": {
        this.messages = mergeMessages(this.messages, message.chat);
        this.refreshChat();
        const rejoined = this.state.phase === "in-call";
        this.set({ phase: "in-call" });
        if (!rejoined) this.announce(message.peer?.state === "in-call" ? `You joined the call with ${this.options.peerName}.` : "You joined the call.");
        else this.announce("Reconnected to the meeting.");
        this.resendPending();
        // A new socket means a new negotiation on both sides.
        this.closePeer();
        this.updatePeer(message.peer);
        void this.ensurePeer();
        return;
      }
      case "peer":
        return this.updatePeer(message.peer);
      case "peer-left":
        this.closePeer();
        this.set({ peer: null, peerWaitingSince: null });
        this.announce(`${this.options.peerName} left the call.`);
        return;
      case "offer":
      case "answer":
        return this.withPeer((connection) => connection.handleDescription(message.type, message.sdp));
      case "ice-candidate":
        return this.withPeer((connection) => connection.handleCandidate(message.candidate));
      case "ice-restart":
        this.peerConnection?.restartIce();
        return;
      case "chat":
        this.messages = mergeMessages(this.messages, [message.message]);
        this.refreshChat();
        if (message.message.from !== this.options.role) this.announce(`${this.options.peerName} says: ${message.message.text}`);
        return;
      case "recording":
        return this.onRecording(message.recording, message.by);
      case "error":
        if (message.code !== "not_joined") console.warn(`meeting: the room refused a message (${message.code}${message.detail ? `: ${message.detail}` : ""})`);
        return;
      case "pong":
        return;
    }
  }

  private updatePeer(peer: PeerPresence | null) {
    const before = this.state.peer;
    const name = this.options.peerName;
    if (!peer) {
      this.set({ peer: null, peerWaitingSince: null });
      return;
    }
    const arrivedInLobby = peer.state === "lobby" && before?.state !== "lobby";
    const joinedCall = peer.state === "in-call" && before?.state !== "in-call";
    if (peer.state === "lobby" && before?.state === "in-call") this.closePeer();
    this.set({ peer, peerWaitingSince: peer.state === "lobby" ? (this.state.peerWaitingSince ?? Date.now()) : null });
    if (arrivedInLobby) {
      this.announce(`${name} is waiting in the lobby.`);
      this.options.chime?.();
    } else if (joinedCall && this.state.phase === "in-call") {
      this.announce(`${name} joined the call.`);
    } else if (before && peer.state === "in-call" && peer.media && before.media) {
      if (peer.media.muted !== before.media.muted) this.announce(`${name} ${peer.media.muted ? "muted their microphone" : "unmuted their microphone"}.`);
      if (peer.media.screen !== before.media.screen)
        this.announce(`${name} ${peer.media.screen ? "is sharing their screen" : "stopped sharing their screen"}.`);
      else if (peer.media.camera !== before.media.camera) this.announce(`${name} turned their camera ${peer.media.camera ? "on" : "off"}.`);
    }
    if (joinedCall && this.state.phase === "in-call") {
      this.closePeer();
      void this.ensurePeer();
    }
  }

  /**
   * Applies the other side's offers, answers and candidates one at a time, in the order they came:
   * a candidate must wait for the description before it.
   */
  private withPeer(apply: (connection: PeerConnection) => Promise<void>) {
    const peer = this.ensurePeer();
    if (!peer) return;
    this.signalQueue = this.signalQueue.then(() => peer.then(apply)).catch((error: unknown) => console.warn("meeting: signalling step failed", error));
  }

  /** The peer connection, made when both people are in the call (ready once the ICE servers are known). */
  private ensurePeer(): Promise<PeerConnection> | null {
    if (this.state.phase !== "in-call" || this.state.peer?.state !== "in-call") return null;
    if (this.peerReady) return this.peerReady;
    const connection = new PeerConnection(this.options.role, [], {
      signal: (message) => this.signalling.send(message),
      track: (stream) => this.set({ remoteStream: stream, remoteVersion: this.state.remoteVersion + 1 }),
      state: (state) => this.onMediaState(state),
      giveUp: () => this.rejoin(),
    });
    this.peerConnection = connection;
    this.lossCounters = null;
    this.set({ media: "new", quality: INITIAL_QUALITY });
    this.peerReady = (this.iceServers ?? Promise.resolve([])).then((servers) => {
      if (servers.length) connection.pc.setConfiguration({ ...connection.pc.getConfiguration(), iceServers: servers });
      connection.start({ audio: this.sendingAudio(), video: this.sendingVideo() });
      return connection;
    });
    return this.peerReady;
  }

  private onMediaState(state: RTCPeerConnectionState) {
    const before = this.state.media;
    this.set({ media: state });
    if (state === "connected") {
      this.startStats();
      if (before === "disconnected" || before === "failed") this.announce("The call's connection is back.");
    }
    if (state === "disconnected") this.announce("The call's connection dropped. Trying to reconnect…");
  }

  /** A full rejoin: a new socket, so both sides start a new peer connection. */
  private rejoin() {
    this.closePeer();
    this.announce("Reconnecting to the call…");
    this.signalling.reconnect();
  }

  private closePeer() {
    clearInterval(this.statsTimer);
    this.peerConnection?.close();
    this.peerConnection = null;
    this.peerReady = null;
    if (this.state.media !== "none" || this.state.remoteStream) this.set({ media: "none", remoteStream: null, quality: INITIAL_QUALITY });
  }

  // ── Local media ──────────────────────────────────────────────────────────────────────────

  private sendingAudio() {
    return this.state.local.muted ? null : this.microphone;
  }

  private sendingVideo() {
    if (this.state.quality.audioOnly) return null;
    return this.screen ?? (this.state.local.camera ? this.camera : null);
  }

  private selfView(): MediaStream | null {
    const track = this.screen ?? (this.state.local.camera ? this.camera : null);
    return track ? new MediaStream([track]) : null;
  }

  private async applyLocal(patch: Partial<LocalMedia>, announcement: string) {
    this.set({ local: { ...this.state.local, ...patch } });
    if (this.microphone) this.microphone.enabled = !this.state.local.muted;
    this.set({ localStream: this.selfView() });
    await this.peerConnection?.replaceTrack("audio", this.sendingAudio());
    await this.peerConnection?.replaceTrack("video", this.sendingVideo());
    this.signalling.send({ type: "media-state", media: this.mediaState() });
    this.rememberChoice();
    this.announce(announcement);
  }

  private rememberChoice() {
    if (!this.choice) return;
    this.choice = { ...this.choice, muted: this.state.local.muted, cameraOff: !this.state.local.camera };
    try {
      safeStorage("sessionStorage")?.setItem(REJOIN_KEY(this.options.meetingId), JSON.stringify(this.choice));
    } catch {
      // A reload then starts with the Join choices.
    }
  }

  toggleMute() {
    if (!this.microphone) return;
    const muted = !this.state.local.muted;
    return this.applyLocal({ muted }, muted ? "Microphone off." : "Microphone on.");
  }

  async toggleCamera() {
    if (this.state.local.camera) {
      this.camera?.stop();
      this.camera = null;
      return this.applyLocal({ camera: false }, "Camera off.");
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: this.choice?.videoDeviceId ? { deviceId: { exact: this.choice.videoDeviceId } } : true,
      });
      this.camera = stream.getVideoTracks()[0] ?? null;
    } catch {
      this.announce("Your camera could not be turned on. Check that no other app is using it.");
      return;
    }
    return this.applyLocal({ camera: true, hasCamera: true }, "Camera on.");
  }

  async toggleScreen() {
    if (this.screen) return this.stopScreen();
    let track: MediaStreamTrack | undefined;
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      track = stream.getVideoTracks()[0];
    } catch {
      // Cancelled in the browser's picker: nothing changes.
      return;
    }
    if (!track) return;
    track.contentHint = "detail";
    // The browser's own "Stop sharing" ends the track.
    track.addEventListener("ended", () => {
      if (this.screen === track) void this.stopScreen();
    });
    this.screen = track;
    return this.applyLocal({ screen: true }, "You are sharing your screen.");
  }

  private async stopScreen() {
    this.screen?.stop();
    this.screen = null;
    return this.applyLocal({ screen: false }, "You stopped sharing your screen.");
  }

  // ── Chat ─────────────────────────────────────────────────────────────────────────────────

  sendChat(text: string) {
    const message: PendingChat = { clientMessageId: crypto.randomUUID(), text, from: this.options.role, queuedAt: new Date().toISOString() };
    this.pending = [...this.pending, message];
    savePending(safeStorage("localStorage"), this.options.meetingId, this.pending);
    this.refreshChat();
    if (this.state.phase === "in-call") this.signalling.send({ type: "chat", clientMessageId: message.clientMessageId, text });
  }

  private resendPending() {
    for (const message of this.pending) this.signalling.send({ type: "chat", clientMessageId: message.clientMessageId, text: message.text });
  }

  private refreshChat() {
    this.pending = stillPending(this.pending, this.messages);
    savePending(safeStorage("localStorage"), this.options.meetingId, this.pending);
    this.set({ chat: chatLines(this.messages, this.pending) });
  }

  // ── Connection quality ───────────────────────────────────────────────────────────────────

  private startStats() {
    clearInterval(this.statsTimer);
    this.statsTimer = setInterval(() => void this.sampleStats(), 1_000);
  }

  private async sampleStats() {
    const connection = this.peerConnection;
    if (!connection) return;
    const report = await connection.pc.getStats();
    const { sample, counters } = sampleFromStats(report.values() as Iterable<StatsEntry>, this.lossCounters);
    this.lossCounters = counters;
    const before = this.state.quality;
    const quality = nextQuality(before, sample);
    this.set({ quality });
    if (quality.audioOnly !== before.audioOnly) {
      await connection.setVideoActive(!quality.audioOnly);
      this.signalling.send({ type: "media-state", media: this.mediaState() });
      this.announce(
        quality.audioOnly ? "Your connection is unstable. Video is paused to keep the audio going." : "Your connection has recovered. Video is back on.",
      );
    } else if (quality.unstable && !before.unstable) {
      this.announce("Your connection is unstable.");
    }
  }

  /** Figures for the journeys (exposed only when a test flag is set): bytes received and sent per kind. */
  async mediaCounters() {
    const totals = { inbound: { audio: 0, video: 0 }, outbound: { audio: 0, video: 0 } };
    const connection = this.peerConnection;
    if (!connection) return totals;
    const report = await connection.pc.getStats();
    for (const entry of report.values() as Iterable<StatsEntry>) {
      const kind = entry.kind === "audio" || entry.kind === "video" ? entry.kind : null;
      if (!kind) continue;
      if (entry.type === "inbound-rtp") totals.inbound[kind] += entry.bytesReceived ?? 0;
      if (entry.type === "outbound-rtp") totals.outbound[kind] += entry.bytesSent ?? 0;
    }
    return totals;
  }

  // ── Recording (consent through the room) ─────────────────────────────────────────────────

  askToRecord() {
    this.signalling.send({ type: "recording-consent-request" });
  }

  answerRecording(accepted: boolean) {
    this.signalling.send({ type: "recording-consent-answer", accepted });
  }

  stopRecording() {
    this.signalling.send({ type: "recording-stop" });
  }

  private async startRecorder() {
    if (this.recorder) return;
    if (!this.options.createRecorder) {
      this.announce("Recording isn't available in this room yet.");
      this.signalling.send({ type: "recording-stop" });
      return;
    }
    const source = recordingStream(this.microphone, this.state.remoteStream, this.camera);
    const recorder = this.options.createRecorder({ meetingId: this.options.meetingId, stream: source.stream });
    this.recorder = { recorder, source };
    try {
      await recorder.start();
      this.signalling.send({ type: "recording-start" });
    } catch {
      this.recorder = null;
      source.release();
      this.announce("The recording could not start.");
      this.signalling.send({ type: "recording-stop" });
    }
  }

  private async stopRecorder() {
    const active = this.recorder;
    if (!active) return;
    this.recorder = null;
    try {
      await active.recorder.stop();
      this.announce("The recording is saved with the booking.");
    } catch {
      this.announce("The recording could not be saved completely.");
    } finally {
      active.source.release();
    }
  }

  private onRecording(recording: RecordingState, by: MeetingRole) {
    const before = this.state.recording.state;
    this.set({ recording, recordingBy: by });
    const mine = by === this.options.role;
    const name = mine ? "You" : this.options.peerName;
    if (recording.state === before) return;
    if (recording.state === "requested") this.announce(mine ? `You asked ${this.options.peerName} to record the call.` : `${name} asks to record the call.`);
    if (recording.state === "declined") this.announce(mine ? "You declined the recording." : `${name} declined the recording.`);
    if (recording.state === "consented") {
      this.announce(mine ? "You agreed to the recording." : `${name} agreed to the recording.`);
      // The coach's browser records: with consent given, it starts and tells the room.
      if (this.options.role === "coach") void this.startRecorder();
    }
    if (recording.state === "recording") this.announce("Recording has started.");
    if (recording.state === "none") void this.stopRecorder();
    if (recording.state === "none" && (before === "recording" || before === "consented" || before === "requested")) {
      this.announce(before === "recording" ? `${name} stopped the recording.` : "The recording request was withdrawn.");
    }
  }
}

function safeStorage(name: "localStorage" | "sessionStorage"): Storage | undefined {
  try {
    return window[name];
  } catch {
    return undefined;
  }
}
