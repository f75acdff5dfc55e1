import { forwardRef, useEffect, useImperativeHandle, useRef, type ReactNode } from "react";

/**
 * A video with its stream attached (srcObject is a property, not an attribute), and what shows over
 * it when there is no picture: the person's initial and a short status. The element stays mounted
 * while tracks come and go, so the remote audio never stops and focus never jumps.
 */
export const VideoTile = forwardRef<
  HTMLVideoElement,
  {
    stream: MediaStream | null;
    /** Bumped when the stream's tracks change. */
    version?: number;
    label: string;
    name: string;
    showVideo: boolean;
    muted?: boolean;
    mirrored?: boolean;
    contain?: boolean;
    className?: string;
    testId?: string;
    /** The speaker to play through (setSinkId), where the browser can choose one. */
    sinkId?: string;
    children?: ReactNode;
  }
>(function VideoTile(
  { stream, version = 0, label, name, showVideo, muted = false, mirrored = false, contain = false, className = "", testId, sinkId, children },
  ref,
) {
  const video = useRef<HTMLVideoElement>(null);
  useImperativeHandle(ref, () => video.current as HTMLVideoElement);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream, version]);
  useEffect(() => {
    const element = video.current as (HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (sinkId && element?.setSinkId) void element.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);
  return (
    <figure className={`call-tile ${className}`} aria-label={label} data-testid={testId}>
      {/* A live call has no caption file; the chat and the status under the picture carry the text. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={video}
        autoPlay
        playsInline
        muted={muted}
        className={`call-video${mirrored ? " is-mirrored" : ""}${contain ? " is-contained" : ""}${showVideo ? "" : " is-hidden"}`}
        aria-hidden="true"
      />
      {showVideo ? null : (
        <div className="call-tile-placeholder" aria-hidden="true">
          <span className="call-avatar">{name.trim().charAt(0).toUpperCase() || "?"}</span>
        </div>
      )}
      <figcaption className="call-tile-caption">{children}</figcaption>
    </figure>
  );
});
