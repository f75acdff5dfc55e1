-- After a coaching session (the video-meetings issue): the coach's private notes, the summary with
-- action items shared with the client, and the client's rating with their testimonial consent. The
-- outcome itself (completed or no-show) is the booking's status; these rows belong to the booking
-- (its id is the meeting id) and go with it.

-- The coach's private notes on a session: never shown to the client, nor in the client's data export.
CREATE TABLE session_notes (
  booking_id TEXT PRIMARY KEY NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The summary and action items the coach shares with the client. Kept as a draft (sent_at NULL)
-- while the coach edits it, then sent once: the email and the client's view come from this row.
-- action_items is JSON: [{ "text": "…", "due": "YYYY-MM-DD" | null }].
CREATE TABLE session_summaries (
  booking_id TEXT PRIMARY KEY NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  summary TEXT NOT NULL,
  action_items TEXT NOT NULL DEFAULT '[]',
  -- Where the current draft came from: 'model' (ClarityAI), 'template' (no model configured, or it
  -- failed), or NULL (typed by the coach).
  draft_source TEXT CHECK (draft_source IN ('model', 'template')),
  sent_at TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The client's rating of a session (1–5) and comment, once per booking, editable once. Published as
-- a testimonial only with publish_consent, under the attribution shown to the client when they agreed.
CREATE TABLE session_ratings (
  booking_id TEXT PRIMARY KEY NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  client_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment TEXT,
  publish_consent INTEGER NOT NULL DEFAULT 0,
  consent_at TEXT,
  attribution TEXT,
  edits INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX session_ratings_client_idx ON session_ratings (client_id);
CREATE INDEX session_notes_coach_idx ON session_notes (coach_id);
CREATE INDEX session_summaries_coach_idx ON session_summaries (coach_id);
