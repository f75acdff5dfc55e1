import { useEffect, useRef, useState, type FormEvent } from "react";
import { CHAT_MAX_CHARS } from "~/meetings/signalling-constants";
import type { CallController, CallState } from "~/meetings/ui/call/call-controller";
import { formatTime } from "~/booking/time-zones";
import { qualityLabel } from "~/meetings/ui/call/quality";
import { VideoTile } from "~/meetings/ui/call/video-tile";
import type { RoomProps } from "~/meetings/ui/room-props";

type Props = { room: RoomProps; call: CallController; state: CallState };

/** Ctrl+D / ⌘D toggles the microphone and Ctrl+E / ⌘E the camera (as in other video apps; a modifier, so typing never triggers them). */
export function shortcutOf(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): "mute" | "camera" | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  const key = event.key.toLowerCase();
  if (key === "d") return "mute";
  if (key === "e") return "camera";
  return null;
}

// The room renders only in the browser (room-entry.tsx), so it may read the browser's capabilities while rendering.
const modifierName = () => (/Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl");

export function CallView({ room, call, state }: Props) {
  const stage = useRef<HTMLDivElement>(null);
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // On a phone the chat starts closed, so the picture and the controls fit on the screen.
  const [chatOpen, setChatOpen] = useState(() => window.matchMedia("(min-width: 900px)").matches);
  const [fullscreen, setFullscreen] = useState(false);
  const [pip, setPip] = useState(false);
  const canShare = typeof navigator.mediaDevices?.getDisplayMedia === "function";
  const canPip = Boolean(document.pictureInPictureEnabled);
  const modifier = modifierName();
  const { local, peer } = state;
  const peerName = room.peerName;

  useEffect(() => {
    const onFullscreen = () => setFullscreen(document.fullscreenElement === stage.current);
    document.addEventListener("fullscreenchange", onFullscreen);
    return () => document.removeEventListener("fullscreenchange", onFullscreen);
  }, []);

  // Arriving in the call (or at its end), focus moves to the heading, so a screen reader starts there.
  useEffect(() => {
    heading.current?.focus();
  }, [state.phase]);

  useEffect(() => {
    const video = remoteVideo.current;
    if (!video) return;
    const enter = () => setPip(true);
    const leave = () => setPip(false);
    video.addEventListener("enterpictureinpicture", enter);
    video.addEventListener("leavepictureinpicture", leave);
    return () => {
      video.removeEventListener("enterpictureinpicture", enter);
      video.removeEventListener("leavepictureinpicture", leave);
    };
  }, []);

  useEffect(() => {
    if (state.phase !== "in-call" && state.phase !== "joining") return;
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      event.preventDefault();
      if (shortcut === "mute") void call.toggleMute();
      else void call.toggleCamera();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [call, state.phase]);

  if (state.phase === "left" || state.phase === "ended") return <CallEnded room={room} state={state} headingRef={heading} />;

  const remoteHasVideo = Boolean(peer?.state === "in-call" && peer.media && (peer.media.camera || peer.media.screen) && state.remoteStream);
  const remoteSharing = Boolean(peer?.media?.screen);
  const localHasVideo = Boolean(state.localStream && (local.camera || local.screen));
  const remoteStatus =
    !peer || peer.state === "lobby"
      ? peer
        ? `${peerName} is waiting in the lobby`
        : `Waiting for ${peerName} to join`
      : state.media === "connected"
        ? remoteHasVideo
          ? remoteSharing
            ? `${peerName} is sharing their screen`
            : peerName
          : `${peerName}'s camera is off`
        : state.media === "disconnected" || state.media === "failed"
          ? `Reconnecting to ${peerName}…`
          : `Connecting to ${peerName}…`;

  async function toggleFullscreen() {
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    else await stage.current?.requestFullscreen().catch(() => undefined);
  }

  async function togglePip() {
    const video = remoteVideo.current;
    if (!video) return;
    if (document.pictureInPictureElement) await document.exitPictureInPicture().catch(() => undefined);
    else await video.requestPictureInPicture().catch(() => undefined);
  }

  const unstable = state.quality.unstable;
  return (
    <section className={`call${chatOpen ? " has-chat" : ""}`} aria-labelledby="call-heading">
      <header className="call-header">
        <h1 id="call-heading" ref={heading} tabIndex={-1}>
          {room.title} <span className="call-with">with {peerName}</span>
        </h1>
        <p className="call-meta">
          Ends {formatTime(room.endsAt, room.timeZone)}
          {state.recording.state === "recording" ? (
            <span className="call-recording-badge" role="status">
              <span aria-hidden="true">●</span> Recording
            </span>
          ) : null}
          <span className={`call-quality is-${state.quality.level}`} data-testid="call-quality">
            <span className="call-quality-bars" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className="visually-hidden-mobile">{qualityLabel(state.quality)}</span>
          </span>
        </p>
      </header>

      {state.connection === "reconnecting" ? (
        <p className="call-banner is-warning" role="status">
          Reconnecting to the meeting…
        </p>
      ) : null}
      {unstable ? (
        <p className="call-banner is-warning" role="status">
          {qualityLabel(state.quality)} Moving closer to your Wi-Fi or closing other apps can help.
        </p>
      ) : null}
      {peer?.state === "lobby" ? (
        <p className="call-banner" role="status">
          {peerName} is waiting in the lobby.
        </p>
      ) : null}

      <RecordingPanel room={room} call={call} state={state} />

      <div className="call-body">
        <div className={`call-stage${remoteSharing ? " is-sharing" : ""}`} ref={stage}>
          <VideoTile
            ref={remoteVideo}
            stream={state.remoteStream}
            version={state.remoteVersion}
            label={`${peerName}'s video`}
            name={peerName}
            showVideo={remoteHasVideo}
            contain={remoteSharing}
            className="is-remote"
            testId="remote-tile"
            sinkId={call.audioOutputId}
          >
            <span>{remoteStatus}</span>
            {peer?.media?.muted ? <span className="call-badge">Microphone off</span> : null}
          </VideoTile>
          <VideoTile
            stream={state.localStream}
            label="Your video"
            name={room.selfName}
            showVideo={localHasVideo}
            muted
            mirrored={!local.screen}
            className="is-self"
            testId="self-tile"
          >
            <span>{local.screen ? "You (sharing)" : "You"}</span>
            {local.muted ? <span className="call-badge">Muted</span> : null}
          </VideoTile>
        </div>

        <Chat room={room} call={call} state={state} open={chatOpen} />
      </div>

      <div className="call-controls" role="toolbar" aria-label="Call controls">
        <button
          type="button"
          className={`call-control${local.muted ? " is-off" : ""}`}
          aria-pressed={local.muted}
          disabled={!local.hasMicrophone}
          onClick={() => void call.toggleMute()}
          title={`${local.muted ? "Unmute" : "Mute"} (${modifier}+D)`}
          aria-keyshortcuts="Control+D Meta+D"
        >
          {local.muted ? "Unmute" : "Mute"}
        </button>
        <button
          type="button"
          className={`call-control${local.camera ? "" : " is-off"}`}
          aria-pressed={!local.camera}
          onClick={() => void call.toggleCamera()}
          title={`${local.camera ? "Turn camera off" : "Turn camera on"} (${modifier}+E)`}
          aria-keyshortcuts="Control+E Meta+E"
        >
          {local.camera ? "Camera off" : "Camera on"}
        </button>
        {canShare ? (
          <button type="button" className="call-control" aria-pressed={local.screen} onClick={() => void call.toggleScreen()}>
            {local.screen ? "Stop sharing" : "Share screen"}
          </button>
        ) : null}
        <button type="button" className="call-control" aria-pressed={chatOpen} aria-controls="call-chat" onClick={() => setChatOpen(!chatOpen)}>
          Chat
        </button>
        <button type="button" className="call-control" aria-pressed={fullscreen} onClick={() => void toggleFullscreen()}>
          {fullscreen ? "Exit full screen" : "Full screen"}
        </button>
        {canPip ? (
          <button type="button" className="call-control" aria-pressed={pip} disabled={!remoteHasVideo} onClick={() => void togglePip()}>
            Picture in picture
          </button>
        ) : null}
        <button type="button" className="call-control is-leave" onClick={() => call.leave()}>
          Leave
        </button>
      </div>
      <p className="call-shortcuts">
        Keyboard shortcuts: {modifier}+D mutes or unmutes your microphone; {modifier}+E turns your camera off or on.
      </p>
    </section>
  );
}

function RecordingPanel({ room, call, state }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const recording = state.recording.state;
  const asked = recording === "requested" && room.role === "client";
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asked && !element.open) element.showModal();
    if (!asked && element.open) element.close();
  }, [asked]);

  return (
    <>
      <dialog ref={dialog} className="call-dialog" aria-labelledby="recording-request-heading" onCancel={() => call.answerRecording(false)}>
        <h2 id="recording-request-heading">{room.peerName} would like to record this session</h2>
        <p>The recording is kept with your booking for 90 days, and both of you can watch or download it. You can stop it at any time.</p>
        <div className="call-dialog-actions">
          <button type="button" className="button button-primary" onClick={() => call.answerRecording(true)}>
            Allow recording
          </button>
          <button type="button" className="button button-secondary" onClick={() => call.answerRecording(false)}>
            Don't record
          </button>
        </div>
      </dialog>
      <div className="call-recording">
        {room.role === "coach" && (recording === "none" || recording === "declined") ? (
          <>
            {recording === "declined" ? <span>{room.peerName} declined the recording. </span> : null}
            <button type="button" className="call-link-button" onClick={() => call.askToRecord()} disabled={state.peer?.state !== "in-call"}>
              Ask to record
            </button>
          </>
        ) : null}
        {room.role === "coach" && recording === "requested" ? (
          <>
            <span>Waiting for {room.peerName} to answer… </span>
            <button type="button" className="call-link-button" onClick={() => call.stopRecording()}>
              Withdraw the request
            </button>
          </>
        ) : null}
        {recording === "consented" ? <span>Starting the recording…</span> : null}
        {recording === "recording" ? (
          <button type="button" className="call-link-button" onClick={() => call.stopRecording()}>
            Stop recording
          </button>
        ) : null}
      </div>
    </>
  );
}

function Chat({ room, call, state, open }: Props & { open: boolean }) {
  const [text, setText] = useState("");
  const log = useRef<HTMLOListElement>(null);
  const count = state.chat.length;
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [count]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    call.sendChat(trimmed);
    setText("");
  }

  return (
    <section id="call-chat" className="call-chat" aria-labelledby="call-chat-heading" hidden={!open}>
      <h2 id="call-chat-heading">Chat</h2>
      <ol className="call-chat-log" ref={log} aria-label="Messages">
        {state.chat.length === 0 ? <li className="call-chat-empty">Messages you send here are kept with the session's record.</li> : null}
        {state.chat.map((line) => (
          <li key={line.key} className={`call-chat-line${line.from === room.role ? " is-mine" : ""}`}>
            <span className="call-chat-from">{line.from === room.role ? "You" : room.peerName}</span>
            <span className="call-chat-text">{line.text}</span>
            {line.pending ? <span className="call-chat-pending">Sending…</span> : null}
          </li>
        ))}
      </ol>
      <form className="call-chat-form" onSubmit={submit}>
        <label htmlFor="call-chat-input" className="visually-hidden">
          Message {room.peerName}
        </label>
        <input
          id="call-chat-input"
          value={text}
          maxLength={CHAT_MAX_CHARS}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          placeholder={`Message ${room.peerName}`}
        />
        <button type="submit" className="button button-primary">
          Send
        </button>
      </form>
    </section>
  );
}

function CallEnded({ room, state, headingRef }: { room: RoomProps; state: CallState; headingRef: React.RefObject<HTMLHeadingElement> }) {
  const [title, text] =
    state.phase === "left"
      ? ["You left the call", "You can rejoin while the room is open."]
      : state.end === "replaced"
        ? ["You joined from another tab", "This meeting is open in another tab or window. Use that one, or continue here instead."]
        : state.end === "closed"
          ? ["The meeting room has closed", "Thanks for your session. The chat is kept with the session's record."]
          : ["You can't join this meeting", "The room may have closed. Reload the page to check."];
  const canRejoin = state.phase === "left" || state.end === "replaced";
  return (
    <section className="call-ended" aria-labelledby="call-ended-heading">
      <h1 id="call-ended-heading" ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p>{text}</p>
      <p>
        {canRejoin ? (
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {state.end === "replaced" ? "Continue here" : "Rejoin"}
          </button>
        ) : null}{" "}
        <a className="button button-secondary" href={room.role === "coach" ? "/coach" : "/profile?tab=bookings"}>
          {room.role === "coach" ? "Back to your portal" : "Back to your bookings"}
        </a>
      </p>
    </section>
  );
}
