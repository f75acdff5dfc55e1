// What the coach's browser records: the other person's video (or the coach's own while the other
// has none), and both people's voices mixed into one track (a recorder takes one audio track).

/** The recorder module's shape (app/meetings/recording/recorder.ts): started after both consented, stopped by either. */
export type CallRecorder = {
  start(): Promise<void>;
  stop(): Promise<{ recordingId: string }>;
};

export type CreateCallRecorder = (options: { meetingId: string; stream: MediaStream }) => CallRecorder;

export type RecordingStream = { stream: MediaStream; release(): void };

export function recordingStream(local: MediaStreamTrack | null, remote: MediaStream | null, localVideo: MediaStreamTrack | null): RecordingStream {
  const context = new AudioContext();
  const destination = context.createMediaStreamDestination();
  const sources = [local ? new MediaStream([local]) : null, remote?.getAudioTracks().length ? new MediaStream(remote.getAudioTracks()) : null];
  for (const source of sources) if (source) context.createMediaStreamSource(source).connect(destination);
  const video = remote?.getVideoTracks()[0] ?? localVideo;
  const stream = new MediaStream([...destination.stream.getAudioTracks(), ...(video ? [video] : [])]);
  return { stream, release: () => void context.close().catch(() => undefined) };
}
