import { useEffect, useRef, useState } from "react";
import { createRecorder } from "~/meetings/recording/recorder";
import { CallController, type JoinChoice } from "~/meetings/ui/call/call-controller";
import { CallView } from "~/meetings/ui/call/call-view";
import { playChime, useCall, useTitleCue } from "~/meetings/ui/call/use-call";
import { Lobby } from "~/meetings/ui/lobby/lobby";
import type { LobbyChoice } from "~/meetings/ui/lobby/types";
import type { RoomProps } from "~/meetings/ui/room-props";
import "~/meetings/ui/call/call.css";

declare global {
  interface Window {
    /** Set by the journeys before the page loads: the call then exposes its media counters as window.__meeting. */
    __meetingTestHooks?: boolean;
    __meeting?: { counters: CallController["mediaCounters"]; media: () => string; phase: () => string };
  }
}

function fromLobby(choice: LobbyChoice): JoinChoice {
  return {
    stream: choice.stream,
    muted: choice.startMuted,
    cameraOff: choice.startWithCameraOff,
    audioDeviceId: choice.audioDeviceId,
    videoDeviceId: choice.videoDeviceId,
    audioOutputId: choice.audioOutputId,
  };
}

/**
 * The room, loaded only on /meeting (room-entry.tsx imports it lazily): the lobby, then the call. The
 * socket opens at once, so the other person sees this one waiting in the lobby. After a reload in
 * the middle of a call, the room joins again with the same choices, without the lobby.
 */
export default function Room({ room }: { room: RoomProps }) {
  const { call, state } = useCall({
    meetingId: room.meetingId,
    role: room.role,
    peerName: room.peerName,
    chime: playChime,
    createRecorder: room.role === "coach" ? createRecorder : undefined,
  });
  const [rejoining, setRejoining] = useState(() => CallController.rejoinRecord(room.meetingId) !== null);
  const joinedOnce = useRef(false);

  useEffect(() => {
    const record = CallController.rejoinRecord(room.meetingId);
    if (!record) return;
    let cancelled = false;
    void (async () => {
      let stream: MediaStream | null = null;
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: record.audioDeviceId ? { deviceId: { ideal: record.audioDeviceId } } : true,
          video: record.cameraOff ? false : record.videoDeviceId ? { deviceId: { ideal: record.videoDeviceId } } : true,
        });
      } catch {
        // The devices are gone or no longer allowed: the lobby asks again.
      }
      if (cancelled) return stream?.getTracks().forEach((track) => track.stop());
      if (stream) join({ ...record, stream });
      setRejoining(false);
    })();
    return () => {
      cancelled = true;
    };
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!window.__meetingTestHooks) return;
    window.__meeting = { counters: () => call.mediaCounters(), media: () => call.getState().media, phase: () => call.getState().phase };
    return () => {
      delete window.__meeting;
    };
  }, [call]);

  const waiting = state.peer?.state === "lobby" ? `${room.peerName} is waiting` : null;
  useTitleCue(waiting);

  function join(choice: JoinChoice) {
    joinedOnce.current = true;
    call.join(choice);
  }

  const inLobby = state.phase === "lobby";
  return (
    <div className="call-room">
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {state.announcement?.text}
      </div>
      {inLobby && rejoining ? (
        <p className="call-status-line" role="status">
          Rejoining the call…
        </p>
      ) : inLobby ? (
        <Lobby room={room} peer={state.peer} joining={false} onJoin={(choice) => join(fromLobby(choice))} />
      ) : (
        <CallView room={room} call={call} state={state} />
      )}
    </div>
  );
}
