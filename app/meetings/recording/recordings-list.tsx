import { formatDateTime, formatSlotDate } from "~/booking/time-zones";
import type { MeetingRecording } from "./upload-rules";

// The recordings of a session, for its record page (/meeting/:meetingId/record): a player for each
// (the browser's own controls, keyboard-usable, reading the file with Range requests) and a download
// link. The page's loader gives `recordings` (listMeetingRecordings) and the viewer's time zone.

export type RecordingsListProps = {
  recordings: MeetingRecording[];
  /** The viewer's IANA time zone (an Australian one), for when each recording was made. */
  timeZone: string;
  /** The heading's level on the page. */
  headingLevel?: 2 | 3;
};

/** "1.2 GB", "350 MB", "900 kB": decimal units, as file managers show them. */
export function formatFileSize(bytes: number): string {
  const units = ["bytes", "kB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString("en-AU", { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** "1 hour 5 minutes", "42 minutes", "under a minute". */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return "under a minute";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (hours === 0) return part(rest, "minute");
  return rest === 0 ? part(hours, "hour") : `${part(hours, "hour")} ${part(rest, "minute")}`;
}

function formatName(contentType: string): string {
  return contentType.endsWith("mp4") ? "MP4" : "WebM";
}

export function RecordingsList({ recordings, timeZone, headingLevel = 2 }: RecordingsListProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="session-recordings-heading" className="space-y-4">
      <Heading id="session-recordings-heading" className="text-lg font-semibold">
        Recordings
      </Heading>
      {recordings.length === 0 ? (
        <p className="text-sm text-muted-foreground">This session wasn&rsquo;t recorded.</p>
      ) : (
        <ul className="space-y-6">
          {recordings.map((recording, index) => {
            const made = formatDateTime(recording.startedAt, timeZone);
            const label = recordings.length === 1 ? "Recording of the session" : `Recording ${index + 1} of ${recordings.length}`;
            const facts = [
              `Started ${made}`,
              ...(recording.durationSeconds !== null ? [formatDuration(recording.durationSeconds)] : []),
              formatFileSize(recording.sizeBytes),
            ];
            return (
              <li key={recording.id} className="space-y-2">
                {/* A recording of a live call has no captions file; the session's chat transcript is shown beside it on the record page. */}
                {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
                <video
                  controls
                  preload="metadata"
                  src={recording.playUrl}
                  aria-label={`${label}, started ${made}`}
                  className="aspect-video w-full max-w-3xl rounded-md bg-black"
                >
                  <p>
                    Your browser can&rsquo;t play this recording here. <a href={recording.downloadUrl}>Download it</a> to watch it instead.
                  </p>
                </video>
                <p className="text-sm text-muted-foreground">{facts.join(" · ")}</p>
                <p className="text-sm">
                  <a href={recording.downloadUrl} download className="font-medium underline underline-offset-4">
                    Download {label.toLowerCase()} ({formatName(recording.contentType)}, {formatFileSize(recording.sizeBytes)})
                  </a>
                </p>
                <p className="text-xs text-muted-foreground">
                  Kept until {formatSlotDate(recording.deleteAfter, timeZone)}, then deleted automatically. Both of you can download it until then.
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
