import { describe, expect, test } from "vitest";
import {
  DROP_AFTER,
  INITIAL_QUALITY,
  levelOf,
  nextQuality,
  qualityLabel,
  RESTORE_AFTER,
  sampleFromStats,
  type QualitySample,
  type QualityState,
  type StatsEntry,
} from "~/meetings/ui/call/quality";

const good: QualitySample = { rttMs: 40, lossRatio: 0, outgoingBitrate: 1_500_000 };
const fair: QualitySample = { rttMs: 350, lossRatio: 0.01, outgoingBitrate: 1_000_000 };
const poor: QualitySample = { rttMs: 120, lossRatio: 0.15, outgoingBitrate: 900_000 };
const starved: QualitySample = { rttMs: 60, lossRatio: 0, outgoingBitrate: 90_000 };

const run = (samples: QualitySample[], from: QualityState = INITIAL_QUALITY) => samples.reduce(nextQuality, from);
const times = (sample: QualitySample, n: number) => Array.from({ length: n }, () => sample);

describe("levelOf", () => {
  test("rates a sample by its loss, round trip and outgoing bitrate", () => {
    expect(levelOf(good)).toBe("good");
    expect(levelOf(fair)).toBe("fair");
    expect(levelOf(poor)).toBe("poor");
    expect(levelOf(starved)).toBe("poor");
    expect(levelOf({ rttMs: 900, lossRatio: 0, outgoingBitrate: null })).toBe("poor");
    expect(levelOf({ rttMs: null, lossRatio: null, outgoingBitrate: null })).toBe("unknown");
  });
});

describe("nextQuality", () => {
  test("one bad second neither warns nor drops video", () => {
    const state = run([good, poor]);
    expect(state).toMatchObject({ level: "poor", unstable: false, audioOnly: false });
    expect(run([good, poor, good])).toMatchObject({ level: "good", unstable: false, audioOnly: false });
  });

  test("two poor seconds in a row warn; DROP_AFTER of them drop to audio only", () => {
    expect(run([poor, poor])).toMatchObject({ unstable: true, audioOnly: false });
    expect(run(times(poor, DROP_AFTER - 1)).audioOnly).toBe(false);
    expect(run(times(starved, DROP_AFTER))).toMatchObject({ unstable: true, audioOnly: true });
    expect(qualityLabel(run(times(starved, DROP_AFTER)))).toBe("Your connection is unstable. Video is paused to keep the audio going.");
  });

  test("video comes back only after RESTORE_AFTER good seconds in a row; fair ones do not count, so it does not flap", () => {
    const dropped = run(times(poor, DROP_AFTER));
    expect(run(times(good, RESTORE_AFTER - 1), dropped).audioOnly).toBe(true);
    expect(run([...times(good, RESTORE_AFTER - 1), fair, good], dropped).audioOnly).toBe(true);
    const restored = run(times(good, RESTORE_AFTER), dropped);
    expect(restored).toMatchObject({ audioOnly: false, unstable: false, level: "good" });
    expect(qualityLabel(restored)).toBe("Connection: good");
  });

  test("a sample with no figures keeps the decision as it was", () => {
    const dropped = run(times(poor, DROP_AFTER));
    expect(nextQuality(dropped, { rttMs: null, lossRatio: null, outgoingBitrate: null })).toMatchObject({ audioOnly: true, level: "unknown" });
  });
});

describe("sampleFromStats", () => {
  const report = (lost: number, received: number): StatsEntry[] => [
    { id: "T1", type: "transport", selectedCandidatePairId: "CP2" },
    { id: "CP1", type: "candidate-pair", state: "failed", currentRoundTripTime: 9 },
    { id: "CP2", type: "candidate-pair", state: "succeeded", nominated: true, currentRoundTripTime: 0.085, availableOutgoingBitrate: 2_000_000 },
    { id: "IA", type: "inbound-rtp", kind: "audio", packetsLost: lost, packetsReceived: received },
    { id: "IV", type: "inbound-rtp", kind: "video", packetsLost: 0, packetsReceived: received },
  ];

  test("takes the selected pair's round trip and bitrate, and the loss over the interval since the last report", () => {
    const first = sampleFromStats(report(0, 100), null);
    expect(first.sample).toEqual({ rttMs: 85, lossRatio: null, outgoingBitrate: 2_000_000 });
    const second = sampleFromStats(report(20, 190), first.counters);
    // 20 lost and 180 received since the first report.
    expect(second.sample.lossRatio).toBeCloseTo(20 / 200);
  });

  test("with nothing new received, the loss is unknown rather than zero", () => {
    const first = sampleFromStats(report(5, 100), null);
    expect(sampleFromStats(report(5, 100), first.counters).sample.lossRatio).toBeNull();
  });
});
