import type { ClientMessage, MeetingRole } from "~/meetings/signalling";

// One RTCPeerConnection to the other participant, negotiated with the "perfect negotiation" pattern
// (W3C WebRTC §10.7): either side may make an offer whenever its tracks change, and when both offer
// at once the polite side rolls its own back and takes the other's. The CLIENT is the polite side and
// the coach the impolite one: fixed by role, so the two browsers always disagree about it, whoever
// joined first.
//
// Recovery: after a short grace in "disconnected" (or at once on "failed") the side that notices
// restarts ICE; when restarts keep failing, `onGiveUp` asks the call for a full rejoin.

export const politeRole: MeetingRole = "client";

/** Seconds in "disconnected" before an ICE restart (networks often recover by themselves within a few). */
export const ICE_RESTART_GRACE_MS = 3_000;
/** How long a restart may take before it counts as failed. */
export const ICE_RESTART_TIMEOUT_MS = 10_000;
/** Failed restarts before a full rejoin. */
export const MAX_ICE_RESTARTS = 2;

/** What this side sends: null where nothing is sent (muted, camera off, no device). */
export type LocalTracks = { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };

type SignalOut = Extract<ClientMessage, { type: "offer" | "answer" | "ice-candidate" }>;

export type PeerEvents = {
  signal: (message: SignalOut) => void;
  track: (stream: MediaStream) => void;
  state: (state: RTCPeerConnectionState) => void;
  /** ICE restarts did not bring the connection back. */
  giveUp: () => void;
};

export class PeerConnection {
  readonly pc: RTCPeerConnection;
  private readonly polite: boolean;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswerPending = false;
  private restarts = 0;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private readonly remote = new MediaStream();
  private local: LocalTracks = { audio: null, video: null };
  readonly senders: { audio: RTCRtpSender | null; video: RTCRtpSender | null } = { audio: null, video: null };

  constructor(
    role: MeetingRole,
    iceServers: RTCIceServer[],
    private readonly events: PeerEvents,
  ) {
    this.polite = role === politeRole;
    this.pc = new RTCPeerConnection({ iceServers });
    this.pc.addEventListener("negotiationneeded", () => void this.makeOffer());
    this.pc.addEventListener("icecandidate", ({ candidate }) =>
      this.events.signal({
        type: "ice-candidate",
        candidate: candidate
          ? { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex, usernameFragment: candidate.usernameFragment }
          : null,
      }),
    );
    this.pc.addEventListener("track", ({ track }) => {
      if (!this.remote.getTracks().includes(track)) this.remote.addTrack(track);
      track.addEventListener("ended", () => this.remote.removeTrack(track));
      // A new stream object each time: a video element given the same stream again would not pick up a track added to it.
      this.events.track(new MediaStream(this.remote.getTracks()));
    });
    this.pc.addEventListener("connectionstatechange", () => this.onStateChange());
    this.pc.addEventListener("iceconnectionstatechange", () => this.onIceStateChange());
  }

  /**
   * The impolite side (the coach) makes the call's two transceivers, audio then video, and offers
   * them; the polite side takes them from that offer and sends its own tracks on them (attachLocal).
   * So the call has exactly two m-lines whoever starts, and mute, camera off and screen sharing are a
   * replaceTrack on them, never a renegotiation. A missing track (no camera) still receives.
   */
  start(tracks: LocalTracks) {
    this.local = { ...tracks };
    if (this.polite) return;
    this.senders.audio = this.pc.addTransceiver(tracks.audio ?? "audio", { direction: "sendrecv" }).sender;
    this.senders.video = this.pc.addTransceiver(tracks.video ?? "video", { direction: "sendrecv" }).sender;
  }

  /** The polite side, after the first offer: its tracks go on the transceivers the offer made. */
  private async attachLocal() {
    if (this.senders.audio && this.senders.video) return;
    for (const kind of ["audio", "video"] as const) {
      const transceiver = this.pc.getTransceivers().find((candidate) => candidate.receiver.track.kind === kind && candidate.mid !== null);
      if (!transceiver) continue;
      transceiver.direction = "sendrecv";
      this.senders[kind] = transceiver.sender;
      await transceiver.sender.replaceTrack(this.local[kind]);
    }
  }

  async replaceTrack(kind: "audio" | "video", track: MediaStreamTrack | null) {
    this.local[kind] = track;
    await this.senders[kind]?.replaceTrack(track);
  }

  /** Pauses or resumes sending video without renegotiating (audio-only when the connection is poor). */
  async setVideoActive(active: boolean) {
    const sender = this.senders.video;
    if (!sender) return;
    const parameters = sender.getParameters();
    if (!parameters.encodings?.length) return;
    for (const encoding of parameters.encodings) encoding.active = active;
    await sender.setParameters(parameters).catch(() => undefined);
  }

  private async makeOffer() {
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      const description = this.pc.localDescription;
      if (description) this.events.signal({ type: "offer", sdp: description.sdp, ...(this.restarting ? { iceRestart: true } : {}) });
    } catch (error) {
      console.warn("meeting: could not make an offer", error);
    } finally {
      this.makingOffer = false;
    }
  }

  private get restarting() {
    return this.restartTimer !== undefined;
  }

  async handleDescription(type: "offer" | "answer", sdp: string) {
    if (this.closed) return;
    const readyForOffer = !this.makingOffer && (this.pc.signalingState === "stable" || this.settingRemoteAnswerPending);
    const offerCollision = type === "offer" && !readyForOffer;
    this.ignoreOffer = !this.polite && offerCollision;
    if (this.ignoreOffer) return;
    try {
      this.settingRemoteAnswerPending = type === "answer";
      await this.pc.setRemoteDescription({ type, sdp });
      this.settingRemoteAnswerPending = false;
      if (type === "offer") {
        if (this.polite) await this.attachLocal();
        await this.pc.setLocalDescription();
        const description = this.pc.localDescription;
        if (description) this.events.signal({ type: "answer", sdp: description.sdp });
      }
    } catch (error) {
      this.settingRemoteAnswerPending = false;
      console.warn("meeting: could not apply the other side's description", error);
    }
  }

  async handleCandidate(candidate: RTCIceCandidateInit | null) {
    if (this.closed) return;
    try {
      await this.pc.addIceCandidate(candidate ?? undefined);
    } catch (error) {
      // A candidate for an offer this side ignored (the collision it lost) is expected to fail.
      if (!this.ignoreOffer) console.warn("meeting: could not add an ICE candidate", error);
    }
  }

  /** Restarts ICE (asked for by the other side, or after the grace period here). */
  restartIce() {
    if (this.closed) return;
    clearTimeout(this.restartTimer);
    this.restarts += 1;
    if (this.restarts > MAX_ICE_RESTARTS) {
      this.events.giveUp();
      return;
    }
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.pc.connectionState !== "connected") this.restartIce();
    }, ICE_RESTART_TIMEOUT_MS);
    this.pc.restartIce();
  }

  private onIceStateChange() {
    const state = this.pc.iceConnectionState;
    clearTimeout(this.graceTimer);
    if (state === "disconnected") this.graceTimer = setTimeout(() => this.restartIce(), ICE_RESTART_GRACE_MS);
    else if (state === "failed") this.restartIce();
  }

  private onStateChange() {
    const state = this.pc.connectionState;
    if (state === "connected") {
      this.restarts = 0;
      clearTimeout(this.restartTimer);
      this.restartTimer = undefined;
    }
    this.events.state(state);
  }

  close() {
    this.closed = true;
    clearTimeout(this.graceTimer);
    clearTimeout(this.restartTimer);
    this.pc.close();
  }
}
