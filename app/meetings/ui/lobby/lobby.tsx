import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { acquireMedia, type AcquireResult } from "~/meetings/ui/lobby/acquire-media";
import { checkBrowser, type BrowserCheck } from "~/meetings/ui/lobby/browser-check";
import { chooseDevice, describeDeviceChange, deviceLists, diffDevices, type DeviceLists, type DeviceOption } from "~/meetings/ui/lobby/devices";
import { DeviceIcon } from "~/meetings/ui/lobby/icons";
import { LevelMeter } from "~/meetings/ui/lobby/level-meter";
import { joinWarning, presenceSentence, sessionTime } from "~/meetings/ui/lobby/lobby-text";
import { mediaProblemMessage, type MediaProblemKind, type MediaTarget } from "~/meetings/ui/lobby/media-errors";
import { readPreferences, writePreferences } from "~/meetings/ui/lobby/preferences";
import type { LobbyPreferences, LobbyProps } from "~/meetings/ui/lobby/types";
import "./lobby.css";

// The pre-join screen: the person checks how they look and sound, picks their camera, microphone
// and speaker, decides whether to start muted or with the camera off, sees whether the other person
// is here, and joins. Everything that touches devices runs in effects (the server renders the frame).

const EMPTY_LISTS: DeviceLists = { microphones: [], cameras: [], speakers: [] };

type Status = "checking" | "starting" | "ready";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function stopTrack(track: MediaStreamTrack | null) {
  track?.stop();
}

function supportsSpeakerChoice(): boolean {
  return typeof HTMLMediaElement !== "undefined" && "setSinkId" in HTMLMediaElement.prototype;
}

export function Lobby({ room, peer, joining, onJoin }: LobbyProps) {
  const id = useId();
  const [check, setCheck] = useState<BrowserCheck | null>(null);
  const [status, setStatus] = useState<Status>("checking");
  const [prefs, setPrefs] = useState<LobbyPreferences | null>(null);
  const [lists, setLists] = useState<DeviceLists>(EMPTY_LISTS);
  const [audioTrack, setAudioTrack] = useState<MediaStreamTrack | null>(null);
  const [videoTrack, setVideoTrack] = useState<MediaStreamTrack | null>(null);
  const [audioProblem, setAudioProblem] = useState<MediaProblemKind | null>(null);
  const [videoProblem, setVideoProblem] = useState<MediaProblemKind | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [speakerTest, setSpeakerTest] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  // The tracks the lobby holds (for clean-up), and whether they were handed to the call.
  const held = useRef<{ audio: MediaStreamTrack | null; video: MediaStreamTrack | null; handedOver: boolean }>({ audio: null, video: null, handedOver: false });
  const listsRef = useRef<DeviceLists>(EMPTY_LISTS);
  const prefsRef = useRef<LobbyPreferences | null>(null);

  const announce = useCallback((text: string) => setAnnouncement(text), []);

  const updatePrefs = useCallback((change: Partial<LobbyPreferences>) => {
    setPrefs((previous) => {
      const next = { ...(previous ?? readPreferences(storage())), ...change };
      prefsRef.current = next;
      writePreferences(storage(), next);
      return next;
    });
  }, []);

  /** Re-reads the devices; announces what was plugged in or removed. */
  const refreshDevices = useCallback(async (): Promise<DeviceLists> => {
    if (!navigator.mediaDevices?.enumerateDevices) return EMPTY_LISTS;
    const next = deviceLists(await navigator.mediaDevices.enumerateDevices());
    const before = listsRef.current;
    if (before !== EMPTY_LISTS) {
      const sentences = [
        describeDeviceChange(diffDevices("audioinput", before.microphones, next.microphones)),
        describeDeviceChange(diffDevices("videoinput", before.cameras, next.cameras)),
        describeDeviceChange(diffDevices("audiooutput", before.speakers, next.speakers)),
      ].filter(Boolean);
      if (sentences.length > 0) announce(sentences.join(" "));
    }
    listsRef.current = next;
    setLists(next);
    return next;
  }, [announce]);

  const setTracks = useCallback((result: Pick<AcquireResult, "audioTrack" | "videoTrack">, kinds: { audio: boolean; video: boolean }) => {
    if (kinds.audio) {
      if (held.current.audio !== result.audioTrack) stopTrack(held.current.audio);
      held.current.audio = result.audioTrack;
      setAudioTrack(result.audioTrack);
    }
    if (kinds.video) {
      if (held.current.video !== result.videoTrack) stopTrack(held.current.video);
      held.current.video = result.videoTrack;
      setVideoTrack(result.videoTrack);
    }
  }, []);

  /** Asks for the devices (both, or one kind after a change of device), then records what was obtained. */
  const start = useCallback(
    async (kinds: { audio: boolean; video: boolean }, ids: { audioDeviceId?: string; videoDeviceId?: string }) => {
      if (!navigator.mediaDevices?.getUserMedia) {
        if (kinds.audio) setAudioProblem("blocked");
        if (kinds.video) setVideoProblem("blocked");
        setStatus("ready");
        return;
      }
      setStatus("starting");
      // Release the old device first: some cameras can't be opened twice.
      if (kinds.audio) setTracks({ audioTrack: null, videoTrack: null }, { audio: true, video: false });
      if (kinds.video) setTracks({ audioTrack: null, videoTrack: null }, { audio: false, video: true });
      const result = await acquireMedia((constraints) => navigator.mediaDevices.getUserMedia(constraints), { ...kinds, ...ids });
      if (held.current.handedOver) {
        stopTrack(result.audioTrack);
        stopTrack(result.videoTrack);
        return;
      }
      setTracks(result, kinds);
      if (kinds.audio) setAudioProblem(result.audioProblem);
      if (kinds.video) setVideoProblem(result.videoProblem);
      const current = prefsRef.current;
      if (result.audioTrack && current) result.audioTrack.enabled = !current.startMuted;
      // With permission given, the browser now reveals the devices' names and ids.
      const next = await refreshDevices();
      const used = {
        audioDeviceId: result.audioTrack?.getSettings().deviceId ?? undefined,
        videoDeviceId: result.videoTrack?.getSettings().deviceId ?? undefined,
      };
      if (kinds.audio && used.audioDeviceId && next.microphones.some((option) => option.deviceId === used.audioDeviceId))
        updatePrefs({ audioDeviceId: used.audioDeviceId });
      if (kinds.video && used.videoDeviceId && next.cameras.some((option) => option.deviceId === used.videoDeviceId))
        updatePrefs({ videoDeviceId: used.videoDeviceId });
      setStatus("ready");
      const got = [result.videoTrack ? "camera" : null, result.audioTrack ? "microphone" : null].filter(Boolean).join(" and ");
      if (got) announce(`Your ${got} ${result.videoTrack && result.audioTrack ? "are" : "is"} ready.`);
      else if (result.audioProblem || result.videoProblem) announce("Your camera and microphone couldn't be started. See the message below.");
    },
    [announce, refreshDevices, setTracks, updatePrefs],
  );

  // On arrival: check the browser, read the remembered choices, start the devices.
  useEffect(() => {
    const capabilities = {
      userAgent: navigator.userAgent,
      maxTouchPoints: navigator.maxTouchPoints,
      isSecureContext: window.isSecureContext,
      hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === "function",
      hasPeerConnection: typeof window.RTCPeerConnection === "function",
    };
    // Read after hydration, so the server's HTML and the browser's first render agree.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCheck(checkBrowser(capabilities));
    const remembered = readPreferences(storage());
    prefsRef.current = remembered;
    setPrefs(remembered);
    void start({ audio: true, video: !remembered.startWithCameraOff }, { audioDeviceId: remembered.audioDeviceId, videoDeviceId: remembered.videoDeviceId });
    const tracks = held.current;
    return () => {
      if (!tracks.handedOver) {
        stopTrack(tracks.audio);
        stopTrack(tracks.video);
      }
    };
    // Runs once: start() is stable for the lobby's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Access allowed in the browser's site settings (where the message sent the person): start what is
  // missing at once, without waiting for Try again, in browsers that report permission changes.
  useEffect(() => {
    const permissions = navigator.permissions;
    if (!permissions?.query) return;
    let cancelled = false;
    const statuses: PermissionStatus[] = [];
    const onChange = (event: Event) => {
      if ((event.target as PermissionStatus).state !== "granted" || held.current.handedOver) return;
      const wantVideo = !prefsRef.current?.startWithCameraOff;
      const missing = { audio: !held.current.audio, video: wantVideo && !held.current.video };
      if (!missing.audio && !missing.video) return;
      announce("Access allowed. Starting your camera and microphone.");
      void start(missing, { audioDeviceId: prefsRef.current?.audioDeviceId, videoDeviceId: prefsRef.current?.videoDeviceId });
    };
    for (const name of ["camera", "microphone"]) {
      permissions
        .query({ name: name as PermissionName })
        .then((status) => {
          if (cancelled) return;
          statuses.push(status);
          status.addEventListener("change", onChange);
        })
        .catch(() => undefined); // Firefox before 131 doesn't know these names: Try again still works.
    }
    return () => {
      cancelled = true;
      for (const status of statuses) status.removeEventListener("change", onChange);
    };
  }, [announce, start]);

  // Devices plugged in or removed: re-list them; a device in use that went away is replaced.
  useEffect(() => {
    const devices = navigator.mediaDevices;
    if (!devices?.addEventListener) return;
    const onChange = () => void refreshDevices();
    devices.addEventListener("devicechange", onChange);
    return () => devices.removeEventListener("devicechange", onChange);
  }, [refreshDevices]);

  useEffect(() => {
    const track = audioTrack;
    if (!track) return;
    const onEnded = () => {
      announce("Your microphone stopped. Switching to another one.");
      void start({ audio: true, video: false }, {});
    };
    track.addEventListener("ended", onEnded);
    return () => track.removeEventListener("ended", onEnded);
  }, [audioTrack, announce, start]);

  useEffect(() => {
    const track = videoTrack;
    if (!track) return;
    const onEnded = () => {
      announce("Your camera stopped. Switching to another one.");
      void start({ audio: false, video: true }, {});
    };
    track.addEventListener("ended", onEnded);
    return () => track.removeEventListener("ended", onEnded);
  }, [videoTrack, announce, start]);

  // The preview shows the camera only (never the microphone: no echo of oneself).
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = videoTrack ? new MediaStream([videoTrack]) : null;
    if (videoTrack) void element.play().catch(() => undefined);
  }, [videoTrack]);

  const muted = prefs?.startMuted ?? false;
  const cameraOff = prefs?.startWithCameraOff ?? false;

  const toggleMuted = () => {
    const next = !muted;
    if (held.current.audio) held.current.audio.enabled = !next;
    updatePrefs({ startMuted: next });
    announce(next ? "You'll join muted." : "Your microphone is on.");
  };

  const toggleCamera = () => {
    const next = !cameraOff;
    updatePrefs({ startWithCameraOff: next });
    if (next) {
      setTracks({ audioTrack: null, videoTrack: null }, { audio: false, video: true });
      setVideoProblem(null);
      announce("Camera off. You'll join with your camera off.");
    } else {
      announce("Turning your camera on.");
      void start({ audio: false, video: true }, { videoDeviceId: prefsRef.current?.videoDeviceId });
    }
  };

  const chooseMicrophone = (deviceId: string) => {
    updatePrefs({ audioDeviceId: deviceId });
    void start({ audio: true, video: false }, { audioDeviceId: deviceId });
  };

  const chooseCamera = (deviceId: string) => {
    updatePrefs({ videoDeviceId: deviceId });
    if (!cameraOff) void start({ audio: false, video: true }, { videoDeviceId: deviceId });
  };

  const chooseSpeaker = (deviceId: string) => {
    updatePrefs({ audioOutputId: deviceId });
  };

  const retry = () => {
    announce("Trying your camera and microphone again.");
    void start({ audio: true, video: !cameraOff }, { audioDeviceId: prefsRef.current?.audioDeviceId, videoDeviceId: prefsRef.current?.videoDeviceId });
  };

  const join = () => {
    const tracks = [audioTrack, cameraOff ? null : videoTrack].filter((track): track is MediaStreamTrack => track !== null && track.readyState === "live");
    if (held.current.audio) held.current.audio.enabled = !muted;
    held.current.handedOver = true;
    if (cameraOff) stopTrack(videoTrack);
    onJoin({
      stream: tracks.length > 0 ? new MediaStream(tracks) : null,
      audioDeviceId: audioTrack?.getSettings().deviceId || prefs?.audioDeviceId,
      videoDeviceId: videoTrack?.getSettings().deviceId || prefs?.videoDeviceId,
      audioOutputId: prefs?.audioOutputId,
      startMuted: muted,
      startWithCameraOff: cameraOff || !videoTrack,
    });
  };

  const testSpeaker = async () => {
    setSpeakerTest(true);
    try {
      await playTestTone(prefs?.audioOutputId);
    } finally {
      setSpeakerTest(false);
    }
  };

  const family = check?.browser.family ?? "other";
  const problem = useMemo(() => problemToShow(audioProblem, cameraOff ? null : videoProblem), [audioProblem, videoProblem, cameraOff]);
  const problemMessage = problem ? mediaProblemMessage(problem.kind, family, problem.target) : null;
  const selectedMic = chooseDevice(lists.microphones, audioTrack?.getSettings().deviceId, prefs?.audioDeviceId);
  const selectedCamera = chooseDevice(lists.cameras, videoTrack?.getSettings().deviceId, prefs?.videoDeviceId);
  const selectedSpeaker = chooseDevice(lists.speakers, undefined, prefs?.audioOutputId);
  const speakerChoice = supportsSpeakerChoice() && lists.speakers.some((option) => option.deviceId !== "");
  const busy = status !== "ready";
  const warning = status === "ready" ? joinWarning({ audio: audioTrack !== null, video: videoTrack !== null, cameraOff }, room.peerName) : null;

  return (
    <section className="lobby container" aria-labelledby={`${id}-title`}>
      <header className="lobby-header">
        <p className="eyebrow">Video meeting</p>
        <h1 id={`${id}-title`}>{room.title}</h1>
        <p className="lobby-meta">
          <span>
            {room.selfName} and {room.peerName}
          </span>
          <span aria-hidden="true"> · </span>
          <span>{sessionTime(room)}</span>
        </p>
      </header>

      <div className="lobby-grid">
        <div className="lobby-preview-column">
          <div className="lobby-preview" data-camera={videoTrack && !cameraOff ? "on" : "off"}>
            <video
              ref={video}
              className="lobby-video"
              autoPlay
              playsInline
              muted
              aria-label="Your camera preview (mirrored)"
              hidden={!videoTrack || cameraOff}
            />
            {!videoTrack || cameraOff ? (
              <div className="lobby-preview-placeholder">
                <span className="lobby-avatar" aria-hidden="true">
                  {room.selfName.trim().charAt(0).toUpperCase() || "?"}
                </span>
                <p>{previewCaption(status, cameraOff, cameraOff ? null : videoProblem)}</p>
              </div>
            ) : null}
          </div>
          <div className="lobby-toggles">
            {/* Toggle buttons keep one name; aria-pressed (and the colour and icon) say which way they are set. */}
            <button type="button" className="lobby-toggle" aria-pressed={muted} onClick={toggleMuted} disabled={!audioTrack && !muted}>
              <DeviceIcon name={muted ? "mic-off" : "mic"} />
              Join muted
            </button>
            <button type="button" className="lobby-toggle" aria-pressed={cameraOff} onClick={toggleCamera}>
              <DeviceIcon name={cameraOff ? "camera-off" : "camera"} />
              Camera off
            </button>
          </div>
          <LevelMeter id={`${id}-meter`} track={audioTrack} muted={muted} />
        </div>

        <div className="lobby-side">
          <p className="lobby-presence" data-state={peer?.state ?? "absent"} aria-live="polite">
            <span className="lobby-presence-dot" aria-hidden="true" />
            {presenceSentence(room.peerName, peer)}
          </p>

          {problemMessage ? (
            <div className="lobby-problem" role="alert">
              <h2>{problemMessage.title}</h2>
              <p>{problemMessage.body}</p>
              <ol>
                {problemMessage.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <button type="button" className="button button-secondary" onClick={retry} disabled={busy}>
                Try again
              </button>
            </div>
          ) : null}

          <div className="lobby-devices">
            <h2 className="visually-hidden">Devices</h2>
            <DeviceSelect id={`${id}-camera`} label="Camera" options={lists.cameras} value={selectedCamera} onChange={chooseCamera} disabled={busy} />
            <DeviceSelect
              id={`${id}-microphone`}
              label="Microphone"
              options={lists.microphones}
              value={selectedMic}
              onChange={chooseMicrophone}
              disabled={busy}
            />
            {speakerChoice ? (
              <div className="lobby-speaker">
                <DeviceSelect id={`${id}-speaker`} label="Speaker" options={lists.speakers} value={selectedSpeaker} onChange={chooseSpeaker} disabled={false} />
                <button type="button" className="button button-secondary lobby-test-sound" onClick={() => void testSpeaker()} disabled={speakerTest}>
                  {speakerTest ? "Playing…" : "Test speaker"}
                </button>
              </div>
            ) : null}
          </div>

          {warning ? (
            <p className="lobby-warning" id={`${id}-warning`}>
              {warning}
            </p>
          ) : null}

          <button
            type="button"
            className="button button-primary lobby-join"
            onClick={join}
            disabled={joining || busy}
            aria-describedby={warning ? `${id}-warning` : undefined}
          >
            {joining ? "Joining…" : peer?.state === "in-call" ? "Join the call" : "Join now"}
          </button>

          {check ? <BrowserCheckPanel check={check} /> : null}
        </div>
      </div>

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function previewCaption(status: Status, cameraOff: boolean, problem: MediaProblemKind | null): string {
  if (cameraOff) return "Your camera is off";
  if (status !== "ready") return "Starting your camera…";
  if (problem === "denied" || problem === "denied-by-system" || problem === "blocked") return "Your camera is blocked";
  if (problem === "in-use") return "Your camera is in use by another app";
  return "No camera";
}

/** The problem worth a message: both devices failing the same way is one message about both. */
function problemToShow(audio: MediaProblemKind | null, video: MediaProblemKind | null): { kind: MediaProblemKind; target: MediaTarget } | null {
  if (audio && video) return audio === video ? { kind: audio, target: "both" } : { kind: audio, target: "microphone" };
  if (audio) return { kind: audio, target: "microphone" };
  if (video) return { kind: video, target: "camera" };
  return null;
}

function DeviceSelect({
  id,
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  options: readonly DeviceOption[];
  value: string | undefined;
  onChange(deviceId: string): void;
  disabled: boolean;
}) {
  const usable = options.filter((option) => option.deviceId !== "");
  return (
    <div className="field lobby-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)} disabled={disabled || usable.length === 0}>
        {usable.length === 0 ? <option value="">{options.length > 0 ? `${label} (allow access to choose)` : `No ${label.toLowerCase()} found`}</option> : null}
        {usable.map((option) => (
          <option key={option.deviceId} value={option.deviceId}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function BrowserCheckPanel({ check }: { check: BrowserCheck }) {
  return (
    <details className="lobby-check" open={!check.ok}>
      <summary>
        <span className={check.ok ? "lobby-check-ok" : "lobby-check-bad"}>{check.ok ? "✓" : "!"}</span> Browser check: {check.summary}
      </summary>
      <ul>
        {check.items.map((item) => (
          <li key={item.id} data-ok={item.ok}>
            <span aria-hidden="true">{item.ok ? "✓" : "✗"}</span> <span className="visually-hidden">{item.ok ? "Passed:" : "Problem:"}</span> {item.label}
            {item.detail ? <span className="lobby-check-detail"> — {item.detail}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A short, quiet chime through the chosen speaker (Web Audio into an audio element that can pick its output). */
async function playTestTone(sinkId: string | undefined): Promise<void> {
  const Context = window.AudioContext;
  if (!Context) return;
  const context = new Context();
  try {
    const destination = context.createMediaStreamDestination();
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, context.currentTime + 0.05);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.9);
    gain.connect(destination);
    for (const [frequency, at] of [
      [660, 0],
      [880, 0.18],
    ] as const) {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(context.currentTime + at);
      oscillator.stop(context.currentTime + 0.9);
    }
    const audio = new Audio();
    audio.srcObject = destination.stream;
    const withSink = audio as HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };
    if (sinkId && withSink.setSinkId) await withSink.setSinkId(sinkId).catch(() => undefined);
    await audio.play();
    await new Promise<void>((resolve) => window.setTimeout(resolve, 1_000));
    audio.pause();
  } finally {
    await context.close().catch(() => undefined);
  }
}
