// The call's connection quality, from the peer connection's getStats() once a second: what the
// indicator shows, when to warn "Your connection is unstable", and when to stop sending video so the
// conversation carries on in audio (and send it again once the connection has recovered). Pure, so
// the thresholds are tested on their own (tests/unit/meeting-call-quality.test.ts).

/** One second's reading of the connection. Null where the browser has no figure yet. */
export type QualitySample = {
  /** Round-trip time to the other browser, in milliseconds. */
  rttMs: number | null;
  /** Share of the packets sent to us that were lost in the last interval, 0–1. */
  lossRatio: number | null;
  /** What the browser thinks it can send, in bits per second (the candidate pair's availableOutgoingBitrate). */
  outgoingBitrate: number | null;
};

export type QualityLevel = "good" | "fair" | "poor" | "unknown";

export type QualityState = {
  level: QualityLevel;
  /** Show the plain-English warning. */
  unstable: boolean;
  /** Video is paused to keep the audio going. */
  audioOnly: boolean;
  /** Consecutive samples too poor for video, and consecutive samples good enough to bring it back. */
  poorStreak: number;
  goodStreak: number;
};

/** Below this outgoing bitrate, video cannot be sustained beside the audio. */
export const VIDEO_MIN_BITRATE = 150_000;
/** Video comes back only above this (hysteresis, so it does not flap). */
export const VIDEO_RESTORE_BITRATE = 300_000;
export const POOR_LOSS = 0.1;
export const FAIR_LOSS = 0.03;
export const POOR_RTT_MS = 800;
export const FAIR_RTT_MS = 300;
/** Seconds of poor readings before video is paused, and of good ones before it is restored. */
export const DROP_AFTER = 4;
export const RESTORE_AFTER = 8;

export const INITIAL_QUALITY: QualityState = { level: "unknown", unstable: false, audioOnly: false, poorStreak: 0, goodStreak: 0 };

/** How one sample rates on its own. */
export function levelOf(sample: QualitySample): QualityLevel {
  const { rttMs, lossRatio, outgoingBitrate } = sample;
  if (rttMs === null && lossRatio === null && outgoingBitrate === null) return "unknown";
  if ((lossRatio ?? 0) >= POOR_LOSS || (rttMs ?? 0) >= POOR_RTT_MS || (outgoingBitrate !== null && outgoingBitrate < VIDEO_MIN_BITRATE)) return "poor";
  if ((lossRatio ?? 0) >= FAIR_LOSS || (rttMs ?? 0) >= FAIR_RTT_MS || (outgoingBitrate !== null && outgoingBitrate < VIDEO_RESTORE_BITRATE)) return "fair";
  return "good";
}

/** The next state after one more sample. */
export function nextQuality(state: QualityState, sample: QualitySample): QualityState {
  const level = levelOf(sample);
  if (level === "unknown") return { ...state, level };
  const poorStreak = level === "poor" ? state.poorStreak + 1 : 0;
  const goodStreak = level === "good" ? state.goodStreak + 1 : 0;
  let audioOnly = state.audioOnly;
  if (!audioOnly && poorStreak >= DROP_AFTER) audioOnly = true;
  else if (audioOnly && goodStreak >= RESTORE_AFTER) audioOnly = false;
  // The warning shows on the second poor second in a row, and while video is paused.
  const unstable = poorStreak >= 2 || audioOnly;
  return { level, unstable, audioOnly, poorStreak, goodStreak };
}

/** The figures getStats() reports that a sample is made from (a plain subset, so tests build them by hand). */
export type StatsEntry = {
  type: string;
  kind?: string;
  state?: string;
  nominated?: boolean;
  currentRoundTripTime?: number;
  availableOutgoingBitrate?: number;
  packetsLost?: number;
  packetsReceived?: number;
  bytesReceived?: number;
  bytesSent?: number;
  selectedCandidatePairId?: string;
  id: string;
};

export type LossCounters = { lost: number; received: number };

/**
 * A sample from one getStats() report, and the loss counters to compare the next report with. The
 * round-trip time and outgoing bitrate are the selected candidate pair's; the loss is the inbound
 * streams' (what reaches us), over the interval since `previous`.
 */
export function sampleFromStats(entries: Iterable<StatsEntry>, previous: LossCounters | null): { sample: QualitySample; counters: LossCounters } {
  const all = [...entries];
  const transport = all.find((entry) => entry.type === "transport" && entry.selectedCandidatePairId);
  const pair =
    all.find((entry) => entry.type === "candidate-pair" && transport && entry.id === transport.selectedCandidatePairId) ??
    all.find((entry) => entry.type === "candidate-pair" && entry.state === "succeeded" && entry.nominated);
  let lost = 0;
  let received = 0;
  for (const entry of all) {
    if (entry.type !== "inbound-rtp") continue;
    lost += Math.max(0, entry.packetsLost ?? 0);
    received += entry.packetsReceived ?? 0;
  }
  const counters = { lost, received };
  let lossRatio: number | null = null;
  if (previous) {
    const newLost = Math.max(0, lost - previous.lost);
    const newReceived = Math.max(0, received - previous.received);
    lossRatio = newLost + newReceived > 0 ? newLost / (newLost + newReceived) : null;
  }
  return {
    sample: {
      rttMs: typeof pair?.currentRoundTripTime === "number" ? Math.round(pair.currentRoundTripTime * 1000) : null,
      lossRatio,
      outgoingBitrate: typeof pair?.availableOutgoingBitrate === "number" ? pair.availableOutgoingBitrate : null,
    },
    counters,
  };
}

/** What the indicator says, in plain English. */
export function qualityLabel(state: QualityState): string {
  if (state.audioOnly) return "Your connection is unstable. Video is paused to keep the audio going.";
  if (state.unstable) return "Your connection is unstable.";
  if (state.level === "good") return "Connection: good";
  if (state.level === "fair") return "Connection: fair";
  if (state.level === "poor") return "Connection: poor";
  return "Connection: checking…";
}
