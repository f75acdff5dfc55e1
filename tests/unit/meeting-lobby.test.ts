import { expect, test } from "vitest";
import { acquireMedia, type GetUserMedia } from "~/meetings/ui/lobby/acquire-media";
import { joinWarning, presenceSentence, sessionTime } from "~/meetings/ui/lobby/lobby-text";
import { checkBrowser, detectBrowser } from "~/meetings/ui/lobby/browser-check";
import { chooseDevice, describeDeviceChange, deviceLists, diffDevices } from "~/meetings/ui/lobby/devices";
import { levelFromSamples, levelWord, smoothLevel } from "~/meetings/ui/lobby/level";
import { classifyMediaError, mediaProblemMessage } from "~/meetings/ui/lobby/media-errors";
import { PREFERENCES_KEY, readPreferences, writePreferences } from "~/meetings/ui/lobby/preferences";

// User agents as the browsers send them (2025–26 releases).
const UA = {
  chrome: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
  firefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  // iPadOS asks for the desktop site: it says Macintosh, and only its touch points give it away.
  ipad: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  chromeIos: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  samsung: "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  oldChrome: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.88 Safari/537.36",
  headless: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/143.0.0.0 Safari/537.36",
};

test("each supported browser is told apart, with its version, from its user agent", () => {
  expect(detectBrowser({ userAgent: UA.chrome })).toEqual({ family: "chrome", name: "Google Chrome", version: 131 });
  expect(detectBrowser({ userAgent: UA.edge })).toMatchObject({ family: "edge", version: 131 });
  expect(detectBrowser({ userAgent: UA.firefox })).toMatchObject({ family: "firefox", version: 133 });
  expect(detectBrowser({ userAgent: UA.safariMac, maxTouchPoints: 0 })).toMatchObject({ family: "safari-mac", version: 18 });
  expect(detectBrowser({ userAgent: UA.iphone, maxTouchPoints: 5 })).toMatchObject({ family: "safari-ios", version: 18 });
  expect(detectBrowser({ userAgent: UA.ipad, maxTouchPoints: 5 })).toMatchObject({ family: "safari-ios", version: 17 });
  expect(detectBrowser({ userAgent: UA.chromeIos, maxTouchPoints: 5 })).toMatchObject({ family: "chrome-ios", version: 131 });
  expect(detectBrowser({ userAgent: UA.chromeAndroid })).toMatchObject({ family: "chrome-android", version: 131 });
  expect(detectBrowser({ userAgent: UA.samsung })).toMatchObject({ family: "samsung", version: 26 });
  expect(detectBrowser({ userAgent: UA.headless })).toMatchObject({ family: "chrome", version: 143 });
  expect(detectBrowser({ userAgent: "curl/8.5.0" })).toMatchObject({ family: "other", version: null });
});

const capable = { isSecureContext: true, hasGetUserMedia: true, hasPeerConnection: true };

test("the browser check passes an up-to-date browser on a secure page", () => {
  const check = checkBrowser({ userAgent: UA.firefox, ...capable });
  expect(check.ok).toBe(true);
  expect(check.items.every((item) => item.ok)).toBe(true);
  expect(check.summary).toBe("Your browser is ready for video calls.");
});

test("the browser check fails, and says why, without a secure page, camera access or WebRTC", () => {
  const insecure = checkBrowser({ userAgent: UA.chrome, ...capable, isSecureContext: false });
  expect(insecure.ok).toBe(false);
  expect(insecure.items.find((item) => item.id === "secure")?.detail).toMatch(/https:\/\//);
  const noWebRtc = checkBrowser({ userAgent: UA.chrome, ...capable, hasPeerConnection: false });
  expect(noWebRtc.ok).toBe(false);
  expect(noWebRtc.items.find((item) => item.id === "webrtc")?.ok).toBe(false);
  expect(noWebRtc.summary).toMatch(/Chrome, Edge, Firefox or Safari/);
  const noCamera = checkBrowser({ userAgent: UA.chrome, ...capable, hasGetUserMedia: false });
  expect(noCamera.ok).toBe(false);
});

test("an old or unknown browser is flagged but not blocked", () => {
  const old = checkBrowser({ userAgent: UA.oldChrome, ...capable });
  expect(old.ok).toBe(true);
  expect(old.items.find((item) => item.id === "browser")).toMatchObject({ ok: false, detail: expect.stringMatching(/too old/) });
  const unknown = checkBrowser({ userAgent: "SomeBrowser/1.0", ...capable });
  expect(unknown.ok).toBe(true);
  expect(unknown.summary).toMatch(/isn't one we test with/);
});

test("an iPhone app's built-in browser without camera access is told to open Safari", () => {
  const inApp = `${UA.iphone} [FBAN/FBIOS;FBAV/480.0]`;
  expect(checkBrowser({ userAgent: inApp, maxTouchPoints: 5, ...capable, hasGetUserMedia: false }).summary).toMatch(/Open this page in Safari/);
});

test("each getUserMedia error name maps to the problem it means, in every browser's spelling", () => {
  const error = (name: string, message = "") => Object.assign(new Error(message), { name });
  expect(classifyMediaError(error("NotAllowedError", "Permission denied"))).toBe("denied");
  expect(classifyMediaError(error("NotAllowedError", "Permission denied by system"))).toBe("denied-by-system");
  expect(classifyMediaError(error("PermissionDeniedError"))).toBe("denied");
  expect(classifyMediaError(error("NotFoundError"))).toBe("no-device");
  expect(classifyMediaError(error("DevicesNotFoundError"))).toBe("no-device");
  expect(classifyMediaError(error("NotReadableError", "Could not start video source"))).toBe("in-use");
  expect(classifyMediaError(error("TrackStartError"))).toBe("in-use");
  expect(classifyMediaError(error("AbortError"))).toBe("in-use");
  expect(classifyMediaError(error("OverconstrainedError"))).toBe("unavailable-device");
  expect(classifyMediaError(error("SecurityError"))).toBe("blocked");
  expect(classifyMediaError(new TypeError("navigator.mediaDevices is undefined"))).toBe("blocked");
  expect(classifyMediaError(error("SomethingNew"))).toBe("unknown");
  expect(classifyMediaError("not an error")).toBe("unknown");
});

test("a denied permission says where to click in each browser", () => {
  const steps = (family: Parameters<typeof mediaProblemMessage>[1]) => mediaProblemMessage("denied", family).steps.join(" ");
  expect(steps("chrome")).toMatch(/left of the address bar/);
  expect(steps("chrome")).toMatch(/Site settings/);
  expect(steps("edge")).toMatch(/Permissions for this site/);
  expect(steps("firefox")).toMatch(/Blocked Temporarily/);
  expect(steps("safari-mac")).toMatch(/Safari › Settings for This Website/);
  expect(steps("safari-ios")).toMatch(/aA.*Website Settings/);
  expect(steps("safari-ios")).toMatch(/Settings app › Safari/);
  expect(steps("chrome-android")).toMatch(/Android Settings › Apps › Chrome › Permissions/);
  for (const family of ["chrome", "edge", "firefox", "safari-mac", "safari-ios", "chrome-android", "other"] as const) {
    expect(steps(family), family).toMatch(/Try again/);
  }
  expect(mediaProblemMessage("denied", "chrome", "camera").title).toBe("Your browser is blocking your camera");
});

test("the system blocking the browser, a missing device and a busy device each get their own advice", () => {
  expect(mediaProblemMessage("denied-by-system", "chrome").steps.join(" ")).toMatch(/Privacy & Security › Camera/);
  expect(mediaProblemMessage("no-device", "chrome").title).toBe("No camera or microphone found");
  expect(mediaProblemMessage("no-device", "chrome", "camera").steps.join(" ")).toMatch(/audio only/);
  expect(mediaProblemMessage("in-use", "firefox", "camera").steps.join(" ")).toMatch(/Zoom, Teams/);
  expect(mediaProblemMessage("blocked", "safari-ios").steps.join(" ")).toMatch(/open it in your browser/);
});

// A stand-in for getUserMedia: each kind of device works, or fails with the given error name.
type FakeTrack = { kind: string; deviceId: string; stop(): void };
function fakeGetUserMedia(devices: { audio?: string | string[]; video?: string | string[] }, failures: { audio?: string; video?: string; both?: string } = {}) {
  const calls: MediaStreamConstraints[] = [];
  const ids = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const getUserMedia: GetUserMedia = async (constraints) => {
    calls.push(constraints);
    const fail = (name: string) => Promise.reject(Object.assign(new Error(name), { name }));
    if (constraints.audio && constraints.video && failures.both) return fail(failures.both);
    const tracks: FakeTrack[] = [];
    for (const kind of ["audio", "video"] as const) {
      const asked = constraints[kind];
      if (!asked) continue;
      if (failures[kind]) return fail(failures[kind]);
      const available = ids(devices[kind]);
      if (available.length === 0) return fail("NotFoundError");
      const exact =
        typeof asked === "object" && typeof asked.deviceId === "object" && !Array.isArray(asked.deviceId) ? (asked.deviceId.exact as string) : undefined;
      if (exact && !available.includes(exact)) return fail("OverconstrainedError");
      tracks.push({ kind, deviceId: exact ?? available[0]!, stop() {} });
    }
    return {
      getAudioTracks: () => tracks.filter((track) => track.kind === "audio"),
      getVideoTracks: () => tracks.filter((track) => track.kind === "video"),
    } as unknown as MediaStream;
  };
  return { getUserMedia, calls };
}

const deviceOf = (track: MediaStreamTrack | null) => (track as unknown as FakeTrack | null)?.deviceId ?? null;

test("both devices come from one request when both work", async () => {
  const { getUserMedia, calls } = fakeGetUserMedia({ audio: "mic-1", video: "cam-1" });
  const result = await acquireMedia(getUserMedia, { audio: true, video: true });
  expect([deviceOf(result.audioTrack), deviceOf(result.videoTrack), result.audioProblem, result.videoProblem]).toEqual(["mic-1", "cam-1", null, null]);
  expect(calls).toHaveLength(1);
});

test("without a camera the microphone still works: audio only, the camera reported missing", async () => {
  const { getUserMedia } = fakeGetUserMedia({ audio: "mic-1" });
  const result = await acquireMedia(getUserMedia, { audio: true, video: true });
  expect(deviceOf(result.audioTrack)).toBe("mic-1");
  expect(result.videoTrack).toBeNull();
  expect(result.videoProblem).toBe("no-device");
  expect(result.audioProblem).toBeNull();
});

test("a camera held by another app is reported in use while the microphone works", async () => {
  const { getUserMedia } = fakeGetUserMedia({ audio: "mic-1", video: "cam-1" }, { video: "NotReadableError" });
  const result = await acquireMedia(getUserMedia, { audio: true, video: true });
  expect([deviceOf(result.audioTrack), result.videoProblem]).toEqual(["mic-1", "in-use"]);
});

test("a refused pair is narrowed down: both refused, or only the camera, or only the microphone", async () => {
  const both = fakeGetUserMedia({ audio: "mic-1", video: "cam-1" }, { both: "NotAllowedError", audio: "NotAllowedError", video: "NotAllowedError" });
  const refused = await acquireMedia(both.getUserMedia, { audio: true, video: true });
  expect([refused.audioTrack, refused.videoTrack, refused.audioProblem, refused.videoProblem]).toEqual([null, null, "denied", "denied"]);

  // The camera blocked, the microphone allowed: audio only, and the camera isn't asked for again.
  const camera = fakeGetUserMedia({ audio: "mic-1", video: "cam-1" }, { both: "NotAllowedError", video: "NotAllowedError" });
  const audioOnly = await acquireMedia(camera.getUserMedia, { audio: true, video: true });
  expect([deviceOf(audioOnly.audioTrack), audioOnly.videoTrack, audioOnly.audioProblem, audioOnly.videoProblem]).toEqual(["mic-1", null, null, "denied"]);
  expect(camera.calls).toHaveLength(2);

  // The microphone blocked, the camera allowed: video only.
  const microphone = fakeGetUserMedia({ audio: "mic-1", video: "cam-1" }, { both: "NotAllowedError", audio: "NotAllowedError" });
  const videoOnly = await acquireMedia(microphone.getUserMedia, { audio: true, video: true });
  expect([videoOnly.audioTrack, deviceOf(videoOnly.videoTrack), videoOnly.audioProblem, videoOnly.videoProblem]).toEqual([null, "cam-1", "denied", null]);
});

test("the operating system blocking the pair is reported as such", async () => {
  const { getUserMedia } = fakeGetUserMedia({ audio: "mic-1", video: "cam-1" }, { both: "NotAllowedError", video: "NotAllowedError" });
  const system = async (constraints: MediaStreamConstraints) => {
    if (constraints.video) throw Object.assign(new Error("Permission denied by system"), { name: "NotAllowedError" });
    return getUserMedia(constraints);
  };
  const result = await acquireMedia(system, { audio: true, video: true });
  expect([deviceOf(result.audioTrack), result.videoProblem]).toEqual(["mic-1", "denied-by-system"]);
});

test("a remembered device that has gone is replaced by the default one", async () => {
  const { getUserMedia } = fakeGetUserMedia({ audio: ["mic-2"], video: ["cam-2"] });
  const result = await acquireMedia(getUserMedia, { audio: true, video: true, audioDeviceId: "mic-gone", videoDeviceId: "cam-gone" });
  expect([deviceOf(result.audioTrack), deviceOf(result.videoTrack), result.audioProblem, result.videoProblem]).toEqual(["mic-2", "cam-2", null, null]);
});

test("with neither device both are reported missing, and nothing is asked when nothing is wanted", async () => {
  const none = fakeGetUserMedia({});
  const result = await acquireMedia(none.getUserMedia, { audio: true, video: true });
  expect([result.audioTrack, result.videoTrack, result.audioProblem, result.videoProblem]).toEqual([null, null, "no-device", "no-device"]);
  const idle = fakeGetUserMedia({ audio: "mic-1" });
  await acquireMedia(idle.getUserMedia, { audio: false, video: false });
  expect(idle.calls).toHaveLength(0);
});

test("device lists name unlabelled devices, drop duplicates and Chrome's communications entry", () => {
  const lists = deviceLists([
    { deviceId: "default", kind: "audioinput", label: "Default - MacBook Pro Microphone" },
    { deviceId: "communications", kind: "audioinput", label: "Communications - Headset" },
    { deviceId: "mic-a", kind: "audioinput", label: "MacBook Pro Microphone" },
    { deviceId: "mic-a", kind: "audioinput", label: "MacBook Pro Microphone" },
    { deviceId: "cam-a", kind: "videoinput", label: "" },
    { deviceId: "cam-b", kind: "videoinput", label: "" },
    { deviceId: "spk-a", kind: "audiooutput", label: "Speakers" },
    { deviceId: "x", kind: "somethingelse", label: "?" },
  ]);
  expect(lists.microphones.map((option) => option.deviceId)).toEqual(["default", "mic-a"]);
  expect(lists.cameras.map((option) => option.label)).toEqual(["Camera 1", "Camera 2"]);
  expect(lists.speakers).toEqual([{ deviceId: "spk-a", label: "Speakers" }]);
});

test("before permission, browsers hide device ids: the devices still count, but none can be chosen", () => {
  const lists = deviceLists([
    { deviceId: "", kind: "audioinput", label: "" },
    { deviceId: "", kind: "videoinput", label: "" },
  ]);
  expect(lists.microphones).toHaveLength(1);
  expect(chooseDevice(lists.microphones, undefined, "mic-remembered")).toBeUndefined();
});

test("the chosen device stays while it is there, then the remembered one, the default, the first", () => {
  const options = [
    { deviceId: "default", label: "Default" },
    { deviceId: "mic-a", label: "A" },
    { deviceId: "mic-b", label: "B" },
  ];
  expect(chooseDevice(options, "mic-b", "mic-a")).toBe("mic-b");
  expect(chooseDevice(options, "mic-gone", "mic-a")).toBe("mic-a");
  expect(chooseDevice(options, undefined, "mic-gone")).toBe("default");
  expect(chooseDevice(options.slice(1), undefined, undefined)).toBe("mic-a");
  expect(chooseDevice([], "mic-a", "mic-a")).toBeUndefined();
});

test("plugging in and unplugging a device is described for screen readers", () => {
  const before = [
    { deviceId: "default", label: "Default" },
    { deviceId: "cam-a", label: "FaceTime HD Camera" },
  ];
  const after = [
    { deviceId: "default", label: "Default" },
    { deviceId: "cam-b", label: "Logitech C920" },
  ];
  const change = diffDevices("videoinput", before, after);
  expect(change.added.map((option) => option.deviceId)).toEqual(["cam-b"]);
  expect(change.removed.map((option) => option.deviceId)).toEqual(["cam-a"]);
  expect(describeDeviceChange(change, after[1])).toBe("New camera found: Logitech C920. Camera disconnected: FaceTime HD Camera. Now using Logitech C920.");
  expect(describeDeviceChange(diffDevices("audioinput", before, before))).toBeNull();
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

test("choices are remembered and read back; anything malformed falls back to the defaults", () => {
  const storage = memoryStorage();
  writePreferences(storage, { audioDeviceId: "mic-a", videoDeviceId: "cam-a", audioOutputId: "spk-a", startMuted: true, startWithCameraOff: false });
  expect(readPreferences(storage)).toEqual({
    audioDeviceId: "mic-a",
    videoDeviceId: "cam-a",
    audioOutputId: "spk-a",
    startMuted: true,
    startWithCameraOff: false,
  });
  expect(readPreferences(memoryStorage({ [PREFERENCES_KEY]: "{not json" }))).toEqual({ startMuted: false, startWithCameraOff: false });
  expect(readPreferences(memoryStorage({ [PREFERENCES_KEY]: JSON.stringify({ startMuted: "yes", audioDeviceId: 42 }) }))).toMatchObject({
    startMuted: false,
    audioDeviceId: undefined,
  });
  expect(readPreferences(null)).toEqual({ startMuted: false, startWithCameraOff: false });
});

test("a storage that refuses to read or write (private browsing, full) doesn't break the lobby", () => {
  const broken = {
    getItem: () => {
      throw new Error("SecurityError");
    },
    setItem: () => {
      throw new Error("QuotaExceededError");
    },
  };
  expect(readPreferences(broken)).toEqual({ startMuted: false, startWithCameraOff: false });
  expect(() => writePreferences(broken, { startMuted: true, startWithCameraOff: true })).not.toThrow();
});

test("the level meter reads silence as 0, a full-scale wave near 100, speech in between", () => {
  expect(levelFromSamples(new Float32Array(512))).toBe(0);
  const wave = (amplitude: number) => Float32Array.from({ length: 512 }, (_, i) => amplitude * Math.sin((i / 512) * Math.PI * 16));
  expect(levelFromSamples(wave(1))).toBeGreaterThanOrEqual(95);
  const speech = levelFromSamples(wave(0.05));
  expect(speech).toBeGreaterThan(35);
  expect(speech).toBeLessThan(85);
  expect(smoothLevel(80, 0)).toBe(56);
  expect(smoothLevel(10, 60)).toBe(60);
  expect(levelWord(60, true)).toBe("Microphone is muted");
  expect(levelWord(60, false)).toBe("Good");
  expect(levelWord(0, false)).toBe("Silent");
});

test("the lobby names who is here and when the session is, in the viewer's zone", () => {
  expect(presenceSentence("Sam", null)).toBe("Sam isn't here yet");
  expect(presenceSentence("Sam", { role: "client", state: "lobby", media: null })).toBe("Sam is waiting in the lobby");
  expect(presenceSentence("Sam", { role: "client", state: "in-call", media: { muted: false, camera: true, screen: false } })).toBe("Sam is in the call");
  const session = { startsAt: "2026-12-03T22:30:00.000Z", endsAt: "2026-12-03T23:30:00.000Z" };
  expect(sessionTime({ ...session, timeZone: "Australia/Sydney" })).toBe("Friday 4 December 2026, 9:30 am – 10:30 am AEDT");
  expect(sessionTime({ ...session, timeZone: "Australia/Perth" })).toBe("Friday 4 December 2026, 6:30 am – 7:30 am AWST");
});

test("joining without a device is allowed with a warning that says what the other person will miss", () => {
  expect(joinWarning({ audio: true, video: true, cameraOff: false }, "Sam")).toBeNull();
  expect(joinWarning({ audio: true, video: false, cameraOff: true }, "Sam")).toBeNull();
  expect(joinWarning({ audio: true, video: false, cameraOff: false }, "Sam")).toBe("You'll join with audio only.");
  expect(joinWarning({ audio: false, video: true, cameraOff: false }, "Sam")).toBe("You'll join without a microphone: Sam won't hear you.");
  expect(joinWarning({ audio: false, video: false, cameraOff: false }, "Sam")).toMatch(
    /without a camera or microphone: Sam won't see or hear you, but you can both use the chat/,
  );
});
