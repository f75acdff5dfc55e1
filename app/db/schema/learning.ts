import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { bookings } from "./booking";
import { now } from "./columns";

// The learning hub (app/learning/): modules, lessons and questions (content, edited from the admin
// area), each learner's progress, worksheets, quiz attempts and certificates, and coaches'
// assignments. Migration 0030's comments are the contract.

export const LEARNING_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type LearningLevel = (typeof LEARNING_LEVELS)[number];
export const LEARNING_ACCESS = ["free", "subscribers", "package"] as const;
export type LearningAccess = (typeof LEARNING_ACCESS)[number];
export const LEARNING_STATUSES = ["draft", "published"] as const;
export type LearningStatus = (typeof LEARNING_STATUSES)[number];

export const learningModules = sqliteTable(
  "learning_modules",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    overviewMd: text("overview_md").notNull(),
    outcomes: text("outcomes").notNull().default("[]"),
    topic: text("topic").notNull(),
    level: text("level", { enum: LEARNING_LEVELS }).notNull(),
    estimatedMinutes: integer("estimated_minutes").notNull(),
    access: text("access", { enum: LEARNING_ACCESS }).notNull().default("free"),
    quizPassPercent: integer("quiz_pass_percent").notNull().default(80),
    position: integer("position").notNull(),
    status: text("status", { enum: LEARNING_STATUSES }).notNull().default("draft"),
    publishedAt: text("published_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("learning_modules_position_idx").on(t.status, t.position)],
);

export const learningLessons = sqliteTable(
  "learning_lessons",
  {
    id: text("id").primaryKey(),
    moduleId: text("module_id")
      .notNull()
      .references(() => learningModules.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    bodyMd: text("body_md").notNull(),
    estimatedMinutes: integer("estimated_minutes").notNull(),
    videoKey: text("video_key"),
    videoType: text("video_type"),
    videoSeconds: integer("video_seconds"),
    captionsKey: text("captions_key"),
    transcriptMd: text("transcript_md"),
    worksheet: text("worksheet"),
    releaseAfterDays: integer("release_after_days"),
    status: text("status", { enum: LEARNING_STATUSES }).notNull().default("draft"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("learning_lessons_module_idx").on(t.moduleId, t.position)],
);

export const learningQuestions = sqliteTable(
  "learning_questions",
  {
    id: text("id").primaryKey(),
    moduleId: text("module_id")
      .notNull()
      .references(() => learningModules.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id").references(() => learningLessons.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    prompt: text("prompt").notNull(),
    options: text("options").notNull(),
    answerIndex: integer("answer_index").notNull(),
    explanation: text("explanation").notNull().default(""),
  },
  (t) => [index("learning_questions_module_idx").on(t.moduleId, t.lessonId, t.position)],
);

export const learningEnrolments = sqliteTable(
  "learning_enrolments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    moduleId: text("module_id")
      .notNull()
      .references(() => learningModules.id, { onDelete: "cascade" }),
    startedAt: text("started_at").notNull(),
    lastLessonId: text("last_lesson_id").references(() => learningLessons.id, { onDelete: "set null" }),
    lastVisitedAt: text("last_visited_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] }), index("learning_enrolments_recent_idx").on(t.userId, t.lastVisitedAt)],
);

export const learningLessonProgress = sqliteTable(
  "learning_lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => learningLessons.id, { onDelete: "cascade" }),
    moduleId: text("module_id")
      .notNull()
      .references(() => learningModules.id, { onDelete: "cascade" }),
    startedAt: text("started_at").notNull(),
    completedAt: text("completed_at"),
    readingPosition: real("reading_position").notNull().default(0),
    checkCorrect: integer("check_correct"),
    checkTotal: integer("check_total"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index("learning_lesson_progress_module_idx").on(t.userId, t.moduleId)],
);

export const learningQuizAttempts = sqliteTable(
  "learning_quiz_attempts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    moduleId: text("module_id")
      .notNull()
      .references(() => learningModules.id, { onDelete: "cascade" }),
    correct: integer("correct").notNull(),
    total: integer("total").notNull(),
    passed: integer("passed", { mode: "boolean" }).notNull(),
    answers: text("answers").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("learning_quiz_attempts_user_idx").on(t.userId, t.moduleId, t.createdAt)],
);

export const learningCertificates = sqliteTable(
  "learning_certificates",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    moduleId: text("module_id")
      .notNull()
      .references(() => learningModules.id, { onDelete: "cascade" }),
    recipientName: text("recipient_name").notNull(),
    moduleTitle: text("module_title").notNull(),
    issuedAt: text("issued_at").notNull(),
  },
  (t) => [uniqueIndex("learning_certificates_user_id_module_id_unique").on(t.userId, t.moduleId)],
);

export const learningWorksheets = sqliteTable(
  "learning_worksheets",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => learningLessons.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    answers: text("answers").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

export const learningSharedArtefacts = sqliteTable(
  "learning_shared_artefacts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => learningLessons.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    answers: text("answers").notNull(),
    sharedAt: text("shared_at").notNull(),
  },
  (t) => [
    uniqueIndex("learning_shared_artefacts_user_id_coach_id_lesson_id_unique").on(t.userId, t.coachId, t.lessonId),
    index("learning_shared_artefacts_coach_idx").on(t.coachId, t.userId),
  ],
);

export const learningAssignments = sqliteTable(
  "learning_assignments",
  {
    id: text("id").primaryKey(),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => learningLessons.id, { onDelete: "cascade" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    dueOn: text("due_on"),
    note: text("note").notNull().default(""),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("learning_assignments_coach_id_client_id_lesson_id_unique").on(t.coachId, t.clientId, t.lessonId),
    index("learning_assignments_client_idx").on(t.clientId, t.createdAt),
  ],
);
