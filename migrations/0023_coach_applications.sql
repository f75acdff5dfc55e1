-- Coach applications (app/coach-network/applications*.ts): what a person who wants to coach with us
-- told us at /coach-registration, the team's internal notes on it and every change of its status.
--
-- Status: submitted → under_review → approved | rejected; submitted or under_review → withdrawn
-- (by the applicant, from their confirmation link). An application is "open" while submitted or
-- under review: one open application per email (a second one from that address updates it).
-- Specialties and industries are JSON arrays of the values in app/coach-network/specialties.ts.
-- The CV (PDF or DOCX, type read from its bytes) is in the UPLOADS bucket under cv_key.
-- user_id is the account the application became on approval (the existing one or the invited one).
CREATE TABLE coach_applications (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  phone TEXT NOT NULL,
  state TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  abn TEXT,
  gst_registered INTEGER NOT NULL DEFAULT 0,
  specialties TEXT NOT NULL DEFAULT '[]',
  industries TEXT NOT NULL DEFAULT '[]',
  years_experience INTEGER NOT NULL,
  qualifications TEXT NOT NULL,
  memberships TEXT,
  insurer TEXT,
  insurance_expires_on TEXT,
  website TEXT,
  bio TEXT NOT NULL,
  hours_per_week INTEGER NOT NULL,
  terms_version TEXT NOT NULL,
  terms_accepted_at TEXT NOT NULL,
  cv_key TEXT,
  cv_name TEXT,
  cv_type TEXT,
  cv_size INTEGER,
  status TEXT NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'under_review', 'approved', 'rejected', 'withdrawn')),
  -- The reason given to the applicant on rejection (emailed).
  decision_reason TEXT,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  submitted_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  decided_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX coach_applications_open_email ON coach_applications (email) WHERE status IN ('submitted', 'under_review');
CREATE INDEX coach_applications_status_idx ON coach_applications (status, submitted_at);
CREATE INDEX coach_applications_email_idx ON coach_applications (email);

-- The team's internal notes on an application: never shown to the applicant.
CREATE TABLE coach_application_notes (
  id TEXT PRIMARY KEY NOT NULL,
  application_id TEXT NOT NULL REFERENCES coach_applications(id) ON DELETE CASCADE,
  author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX coach_application_notes_application_idx ON coach_application_notes (application_id, created_at);

-- Every status an application has had: who changed it (null: the applicant) and why.
CREATE TABLE coach_application_events (
  id TEXT PRIMARY KEY NOT NULL,
  application_id TEXT NOT NULL REFERENCES coach_applications(id) ON DELETE CASCADE,
  from_status TEXT,
  to_status TEXT NOT NULL,
  actor_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  reason TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX coach_application_events_application_idx ON coach_application_events (application_id, created_at);
