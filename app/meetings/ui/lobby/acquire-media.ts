import { classifyMediaError, type MediaProblemKind } from "~/meetings/ui/lobby/media-errors";

// Asking the browser for the microphone and camera, and telling which of the two failed and why.
// The caller passes getUserMedia, so the logic runs in unit tests without a browser.

export type GetUserMedia = (constraints: MediaStreamConstraints) => Promise<MediaStream>;

export type AcquireRequest = { audioDeviceId?: string; videoDeviceId?: string; audio: boolean; video: boolean };

export type AcquireResult = {
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
  /** Why the microphone (or the camera) wasn't obtained, when it was asked for. */
  audioProblem: MediaProblemKind | null;
  videoProblem: MediaProblemKind | null;
};

export function audioConstraints(deviceId: string | undefined): MediaTrackConstraints {
  return { ...(deviceId ? { deviceId: { exact: deviceId } } : {}), echoCancellation: true, noiseSuppression: true, autoGainControl: true };
}

export function videoConstraints(deviceId: string | undefined): MediaTrackConstraints {
  return {
    ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: "user" }),
    width: { ideal: 1280 },
    height: { ideal: 720 },
    frameRate: { ideal: 30 },
  };
}

/** One kind alone; a remembered device that has gone is replaced by the default one. */
async function one(
  getUserMedia: GetUserMedia,
  kind: "audio" | "video",
  deviceId: string | undefined,
): Promise<{ track: MediaStreamTrack | null; problem: MediaProblemKind | null }> {
  const constraints = (id: string | undefined) => (kind === "audio" ? { audio: audioConstraints(id) } : { video: videoConstraints(id) });
  const tracks = (stream: MediaStream) => (kind === "audio" ? stream.getAudioTracks() : stream.getVideoTracks());
  try {
    return { track: tracks(await getUserMedia(constraints(deviceId)))[0] ?? null, problem: null };
  } catch (error) {
    const problem = classifyMediaError(error);
    if (deviceId && (problem === "unavailable-device" || problem === "no-device")) {
      try {
        return { track: tracks(await getUserMedia(constraints(undefined)))[0] ?? null, problem: null };
      } catch (retryError) {
        return { track: null, problem: classifyMediaError(retryError) };
      }
    }
    return { track: null, problem };
  }
}

/**
 * Both devices in one request (one permission prompt). If that fails, each is asked for alone to
 * find which one is at fault, so a person with a working microphone joins with audio only:
 * - refused (a browser refuses the pair when either is blocked): the microphone alone, and the camera
 *   alone only if the microphone was refused too (a refused pair with a working microphone means the
 *   camera is the one blocked, and asking again would only prompt again);
 * - anything else (no camera, a device in use, a device gone): each alone.
 */
export async function acquireMedia(getUserMedia: GetUserMedia, request: AcquireRequest): Promise<AcquireResult> {
  const result: AcquireResult = { audioTrack: null, videoTrack: null, audioProblem: null, videoProblem: null };
  if (!request.audio && !request.video) return result;
  let pairProblem: MediaProblemKind | null = null;
  if (request.audio && request.video) {
    try {
      const stream = await getUserMedia({ audio: audioConstraints(request.audioDeviceId), video: videoConstraints(request.videoDeviceId) });
      result.audioTrack = stream.getAudioTracks()[0] ?? null;
      result.videoTrack = stream.getVideoTracks()[0] ?? null;
      return result;
    } catch (error) {
      pairProblem = classifyMediaError(error);
    }
  }
  if (request.audio) {
    const audio = await one(getUserMedia, "audio", request.audioDeviceId);
    result.audioTrack = audio.track;
    result.audioProblem = audio.problem;
  }
  if (request.video) {
    if (pairProblem && REFUSALS.has(pairProblem) && result.audioTrack) {
      result.videoProblem = pairProblem;
      return result;
    }
    const video = await one(getUserMedia, "video", request.videoDeviceId);
    result.videoTrack = video.track;
    result.videoProblem = video.problem;
  }
  return result;
}

const REFUSALS = new Set<MediaProblemKind>(["denied", "denied-by-system", "blocked"]);
