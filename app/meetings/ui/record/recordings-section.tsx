import type { RecordData } from "~/meetings/record.server";

// The call's recordings on its record: played in the page (the file is served with Range requests)
// or downloaded. The recordings' own list component, when there is one, can take this place.
export function RecordingsSection({ recordings }: { recordings: RecordData["recordings"] }) {
  return (
    <section aria-labelledby="recordings-heading" className="card record-panel" id="recordings">
      <h2 id="recordings-heading">Recordings</h2>
      {recordings.length ? (
        <ul className="record-recordings">
          {recordings.map((recording, index) => (
            <li key={recording.id}>
              <p>
                <strong>Recording {index + 1}</strong>, started {recording.started}
                {recording.duration ? ` (${recording.duration})` : ""} · {recording.sizeLabel}
              </p>
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a recording of a private call has no captions to offer */}
              <video
                controls
                preload="none"
                src={recording.playUrl}
                aria-label={`Recording ${index + 1}, started ${recording.started}`}
                className="record-video"
              />
              <p>
                <a href={recording.downloadUrl} download>
                  Download<span className="visually-hidden"> recording {index + 1}</span>
                </a>{" "}
                <span className="hint">· kept until {recording.deleteOn}</span>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">No recordings. A call is recorded only when the coach asks and the client agrees.</p>
      )}
    </section>
  );
}
