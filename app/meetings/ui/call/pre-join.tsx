import { useEffect, useRef, useState } from "react";
import type { PeerPresence } from "~/meetings/signalling";
import type { JoinChoice } from "~/meetings/ui/call/call-controller";
import type { RoomProps } from "~/meetings/ui/room-props";

export type PreJoinProps = { room: RoomProps; peer: PeerPresence | null; onJoin: (choice: JoinChoice) => void };

/**
 * The smallest pre-join screen: the camera's preview, join muted or with the camera off, and Join.
 * Used when the room is reloaded mid-call and the saved devices cannot be opened again.
 */
export function PreJoin({ room, peer, onJoin }: PreJoinProps) {
  const preview = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const joined = useRef(false);

  useEffect(() => {
    let live: MediaStream | null = null;
    let cancelled = false;
    void (async () => {
      for (const constraints of [{ audio: true, video: true }, { audio: true }, { video: true }] as MediaStreamConstraints[]) {
        try {
          live = await navigator.mediaDevices.getUserMedia(constraints);
          break;
        } catch {
          // Try with less.
        }
      }
      if (cancelled) return live?.getTracks().forEach((track) => track.stop());
      setStream(live);
      if (!live) setProblem("We couldn't use a camera or microphone. Allow them in your browser's address bar, or join without them.");
    })();
    return () => {
      cancelled = true;
      if (!joined.current) live?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream]);

  const peerLine = peer ? `${room.peerName} is ${peer.state === "in-call" ? "in the call" : "waiting in the lobby"}.` : `${room.peerName} hasn't arrived yet.`;
  return (
    <section className="call-prejoin" aria-labelledby="prejoin-heading">
      <h1 id="prejoin-heading">{room.title}</h1>
      <p>{peerLine}</p>
      <video ref={preview} className="call-prejoin-preview is-mirrored" autoPlay playsInline muted aria-label="Your camera's preview" />
      {problem ? <p role="alert">{problem}</p> : null}
      <label className="call-check">
        <input type="checkbox" checked={muted} onChange={(event) => setMuted(event.target.checked)} /> Join with my microphone muted
      </label>
      <label className="call-check">
        <input type="checkbox" checked={cameraOff} onChange={(event) => setCameraOff(event.target.checked)} /> Join with my camera off
      </label>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          joined.current = true;
          onJoin({ stream, muted, cameraOff });
        }}
      >
        Join the call
      </button>
    </section>
  );
}
