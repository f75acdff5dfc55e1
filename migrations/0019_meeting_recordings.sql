-- Recording a video meeting, only with both people's consent (the video-meetings issue).
--
-- meeting_recording_consents: every step of a recording's consent, as the meeting's room applies it
-- (app/meetings/recording-consent.ts): the coach asks, the client accepts or declines, the coach's
-- browser starts, either person stops. Kept with the booking (the meeting id is the booking id), in
-- the order it happened (seq), with who and when. An upload is accepted only against the latest
-- request the client accepted and nobody has stopped, once (app/meetings/recording-consents.server.ts).
CREATE TABLE meeting_recording_consents (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('coach', 'client')),
  decision TEXT NOT NULL CHECK (decision IN ('requested', 'accepted', 'declined', 'started', 'stopped')),
  at TEXT NOT NULL
);
CREATE INDEX meeting_recording_consents_booking_idx ON meeting_recording_consents (booking_id, seq);
CREATE INDEX meeting_recording_consents_user_idx ON meeting_recording_consents (user_id);

-- meeting_recordings: a recording the coach's browser uploads to R2 in parts (multipart upload),
-- attached to the booking. consent_seq is the client's acceptance it was made under (one recording
-- per acceptance; unlinked if that consent goes with the client's account). Status: uploading (parts arriving) → complete, or → deleted (retention, an
-- abandoned upload, an account's deletion); a deleted recording's row stays, its file is gone.
CREATE TABLE meeting_recordings (
  id TEXT PRIMARY KEY NOT NULL,
  booking_id TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  uploaded_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  consent_seq INTEGER UNIQUE REFERENCES meeting_recording_consents(seq) ON DELETE SET NULL,
  r2_key TEXT NOT NULL UNIQUE,
  upload_id TEXT,
  status TEXT NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'complete', 'deleted')),
  part_size INTEGER NOT NULL,
  size_bytes INTEGER NOT NULL DEFAULT 0,
  content_type TEXT NOT NULL,
  duration_seconds INTEGER,
  started_at TEXT NOT NULL,
  completed_at TEXT,
  delete_after TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX meeting_recordings_booking_idx ON meeting_recordings (booking_id, started_at);
CREATE INDEX meeting_recordings_status_delete_idx ON meeting_recordings (status, delete_after);
CREATE INDEX meeting_recordings_uploaded_by_idx ON meeting_recordings (uploaded_by);

-- The parts uploaded so far (R2's binding cannot list a multipart upload's parts): what a recorder
-- resumes from after a dropped connection, and the etags completion needs. A part sent again replaces its row.
CREATE TABLE meeting_recording_parts (
  recording_id TEXT NOT NULL REFERENCES meeting_recordings(id) ON DELETE CASCADE,
  part_number INTEGER NOT NULL,
  etag TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  uploaded_at TEXT NOT NULL,
  PRIMARY KEY (recording_id, part_number)
);
