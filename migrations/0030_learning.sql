-- The learning hub (app/learning/): modules and their lessons (markdown, edited later from the admin
-- area), the knowledge checks and module quizzes, and each learner's progress, worksheet answers,
-- shared artefacts, quiz attempts and certificates; lessons a coach assigns to a client.

-- A module: a short course on one topic. Only published modules are ever shown to learners.
-- access: 'free' (every signed-in user), 'subscribers' (an active ClarityAI subscription) or
-- 'package' (a paid coaching package). Outcomes is a JSON array of strings.
CREATE TABLE learning_modules (
  id TEXT PRIMARY KEY NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  overview_md TEXT NOT NULL,
  outcomes TEXT NOT NULL DEFAULT '[]',
  topic TEXT NOT NULL,
  level TEXT NOT NULL CHECK (level IN ('beginner', 'intermediate', 'advanced')),
  estimated_minutes INTEGER NOT NULL CHECK (estimated_minutes > 0),
  access TEXT NOT NULL DEFAULT 'free' CHECK (access IN ('free', 'subscribers', 'package')),
  -- The share of quiz answers needed to pass, in per cent.
  quiz_pass_percent INTEGER NOT NULL DEFAULT 80 CHECK (quiz_pass_percent BETWEEN 1 AND 100),
  position INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  published_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX learning_modules_position_idx ON learning_modules (status, position);

-- A lesson, in its module's order. The optional video, its WebVTT captions and its transcript are
-- files in the UPLOADS bucket (keys). worksheet is JSON: the exercise that applies the lesson (see
-- app/learning/types.ts, WorksheetSpec). release_after_days is the drip: the lesson opens that
-- many days after the learner started the module (NULL: at once); a coach's assignment opens it now.
CREATE TABLE learning_lessons (
  id TEXT PRIMARY KEY NOT NULL,
  module_id TEXT NOT NULL REFERENCES learning_modules(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body_md TEXT NOT NULL,
  estimated_minutes INTEGER NOT NULL CHECK (estimated_minutes > 0),
  video_key TEXT,
  video_type TEXT,
  video_seconds INTEGER,
  captions_key TEXT,
  transcript_md TEXT,
  worksheet TEXT,
  release_after_days INTEGER CHECK (release_after_days IS NULL OR release_after_days >= 0),
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX learning_lessons_module_idx ON learning_lessons (module_id, position);

-- Multiple-choice questions: with a lesson_id, that lesson's knowledge check; without, the module's
-- quiz. options is a JSON array of strings; answer_index points into it.
CREATE TABLE learning_questions (
  id TEXT PRIMARY KEY NOT NULL,
  module_id TEXT NOT NULL REFERENCES learning_modules(id) ON DELETE CASCADE,
  lesson_id TEXT REFERENCES learning_lessons(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  prompt TEXT NOT NULL,
  options TEXT NOT NULL,
  answer_index INTEGER NOT NULL CHECK (answer_index >= 0),
  explanation TEXT NOT NULL DEFAULT ''
);
CREATE INDEX learning_questions_module_idx ON learning_questions (module_id, lesson_id, position);

-- A learner's start of a module (the drip counts from started_at) and where they were last.
CREATE TABLE learning_enrolments (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  module_id TEXT NOT NULL REFERENCES learning_modules(id) ON DELETE CASCADE,
  started_at TEXT NOT NULL,
  last_lesson_id TEXT REFERENCES learning_lessons(id) ON DELETE SET NULL,
  last_visited_at TEXT NOT NULL,
  completed_at TEXT,
  PRIMARY KEY (user_id, module_id)
);
CREATE INDEX learning_enrolments_recent_idx ON learning_enrolments (user_id, last_visited_at);

-- A learner's progress through a lesson: completed once (completing again changes nothing), the
-- reading position (0–1 of the page, restored on any device) and the knowledge check's last result.
CREATE TABLE learning_lesson_progress (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id TEXT NOT NULL REFERENCES learning_lessons(id) ON DELETE CASCADE,
  module_id TEXT NOT NULL REFERENCES learning_modules(id) ON DELETE CASCADE,
  started_at TEXT NOT NULL,
  completed_at TEXT,
  reading_position REAL NOT NULL DEFAULT 0 CHECK (reading_position BETWEEN 0 AND 1),
  check_correct INTEGER,
  check_total INTEGER,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, lesson_id)
);
CREATE INDEX learning_lesson_progress_module_idx ON learning_lesson_progress (user_id, module_id);

-- Each attempt at a module's quiz; the module counts as passed once any attempt passed.
-- answers is a JSON array of the chosen option indexes, in question order.
CREATE TABLE learning_quiz_attempts (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  module_id TEXT NOT NULL REFERENCES learning_modules(id) ON DELETE CASCADE,
  correct INTEGER NOT NULL,
  total INTEGER NOT NULL,
  passed INTEGER NOT NULL,
  answers TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX learning_quiz_attempts_user_idx ON learning_quiz_attempts (user_id, module_id, created_at);

-- A certificate of completion, issued once per learner and module when every lesson is complete
-- and the quiz passed. The id is the public verification code (/certificates/{id}); the name and
-- title are as they were on the day.
CREATE TABLE learning_certificates (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  module_id TEXT NOT NULL REFERENCES learning_modules(id) ON DELETE CASCADE,
  recipient_name TEXT NOT NULL,
  module_title TEXT NOT NULL,
  issued_at TEXT NOT NULL
);
CREATE UNIQUE INDEX learning_certificates_user_id_module_id_unique ON learning_certificates (user_id, module_id);

-- A learner's answers to a lesson's worksheet (JSON, in the shape of its WorksheetSpec kind).
CREATE TABLE learning_worksheets (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id TEXT NOT NULL REFERENCES learning_lessons(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  answers TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, lesson_id)
);

-- A worksheet's artefact shared with a coach: a copy of the answers as they were when shared, so the
-- coach sees what the owner chose to share; sharing again replaces it.
CREATE TABLE learning_shared_artefacts (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id TEXT NOT NULL REFERENCES learning_lessons(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  answers TEXT NOT NULL,
  shared_at TEXT NOT NULL
);
CREATE UNIQUE INDEX learning_shared_artefacts_user_id_coach_id_lesson_id_unique ON learning_shared_artefacts (user_id, coach_id, lesson_id);
CREATE INDEX learning_shared_artefacts_coach_idx ON learning_shared_artefacts (coach_id, user_id);

-- A lesson a coach assigned to their client, from a session (booking_id) or the client's page, with
-- a due date (a calendar day, YYYY-MM-DD) and a note. Assigning opens the lesson for the client
-- whatever its module's drip or access rule. Completion is read from learning_lesson_progress.
CREATE TABLE learning_assignments (
  id TEXT PRIMARY KEY NOT NULL,
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id TEXT NOT NULL REFERENCES learning_lessons(id) ON DELETE CASCADE,
  booking_id TEXT REFERENCES bookings(id) ON DELETE SET NULL,
  due_on TEXT,
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX learning_assignments_coach_id_client_id_lesson_id_unique ON learning_assignments (coach_id, client_id, lesson_id);
CREATE INDEX learning_assignments_client_idx ON learning_assignments (client_id, created_at);
