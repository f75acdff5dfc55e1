import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { formatDuration, formatFileSize, RecordingsList } from "~/meetings/recording/recordings-list";
import type { MeetingRecording } from "~/meetings/recording/upload-rules";

// The session record's recordings: a labelled player and a download link for each, in en-AU.

const RECORDING: MeetingRecording = {
  id: "0f8d5a9e-1111-4222-8333-944445555666",
  meetingId: "b5c1e3a2-7777-4888-9999-000011112222",
  contentType: "video/webm",
  sizeBytes: 734_003_200,
  durationSeconds: 3_900,
  startedAt: "2026-12-02T22:05:00.000Z",
  completedAt: "2026-12-02T23:10:00.000Z",
  deleteAfter: "2027-03-02T22:05:00.000Z",
  playUrl: "/meeting/b5c1e3a2-7777-4888-9999-000011112222/recordings/0f8d5a9e-1111-4222-8333-944445555666",
  downloadUrl: "/meeting/b5c1e3a2-7777-4888-9999-000011112222/recordings/0f8d5a9e-1111-4222-8333-944445555666?download=1",
};

test("each recording has a player with the browser's controls, labelled with when it was made, and a download link", () => {
  const html = renderToStaticMarkup(createElement(RecordingsList, { recordings: [RECORDING], timeZone: "Australia/Sydney" }));
  expect(html).toContain('<h2 id="session-recordings-heading"');
  expect(html).toContain('aria-labelledby="session-recordings-heading"');
  expect(html).toMatch(
    /<video controls="" preload="metadata" src="\/meeting\/b5c1e3a2-[^"]+\/recordings\/0f8d5a9e-[^"]+" aria-label="Recording of the session, started Thursday 3 December 2026, 9:05 am AEDT"/,
  );
  expect(html).toContain(`<a href="${RECORDING.downloadUrl}" download=""`);
  expect(html).toContain("Download recording of the session (WebM, 734 MB)");
  expect(html).toContain("Started Thursday 3 December 2026, 9:05 am AEDT · 1 hour 5 minutes · 734 MB");
  expect(html).toContain("Kept until Wednesday 3 March 2027, then deleted automatically.");
});

test("several recordings are numbered; none says the session wasn't recorded", () => {
  const two = renderToStaticMarkup(
    createElement(RecordingsList, { recordings: [RECORDING, { ...RECORDING, id: "x", durationSeconds: null }], timeZone: "Australia/Perth", headingLevel: 3 }),
  );
  expect(two).toContain("<h3");
  expect(two).toContain('aria-label="Recording 2 of 2, started Thursday 3 December 2026, 6:05 am AWST"');
  expect(renderToStaticMarkup(createElement(RecordingsList, { recordings: [], timeZone: "Australia/Sydney" }))).toContain("This session wasn’t recorded.");
});

test("sizes and durations read naturally", () => {
  expect([0, 999, 1_500, 25_000_000, 1_700_000_000].map(formatFileSize)).toEqual(["0 bytes", "999 bytes", "1.5 kB", "25 MB", "1.7 GB"]);
  expect([20, 60, 2_520, 3_600, 3_900].map(formatDuration)).toEqual(["under a minute", "1 minute", "42 minutes", "1 hour", "1 hour 5 minutes"]);
});
