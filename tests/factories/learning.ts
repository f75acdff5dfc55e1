import { env } from "cloudflare:workers";
import type { LearningAccess } from "~/db/schema/learning";
import type { WorksheetSpec } from "~/learning/types";

// Learning modules of a test's own: each call makes a new published module (unique ids), so tests
// sharing a file's storage never meet each other's content or progress.

export type LessonOptions = {
  title?: string;
  releaseAfterDays?: number | null;
  worksheet?: WorksheetSpec | null;
  status?: "draft" | "published";
  video?: { key: string; type: string; seconds: number; captionsKey: string | null; transcriptMd: string | null };
  /** The knowledge check's answers (one question per entry, two options each). */
  check?: number[];
};

export type ModuleOptions = {
  title?: string;
  access?: LearningAccess;
  status?: "draft" | "published";
  topic?: string;
  lessons?: LessonOptions[];
  /** The quiz's right answers, one question per entry with three options each. */
  quiz?: number[];
  quizPassPercent?: number;
  position?: number;
};

export type TestModule = { id: string; lessonIds: string[]; quizQuestionIds: string[] };

let sequence = 0;

export async function createLearningModule(options: ModuleOptions = {}): Promise<TestModule> {
  sequence += 1;
  const id = `test-module-${crypto.randomUUID().slice(0, 8)}-${sequence}`;
  const lessons = options.lessons ?? [{}, {}, {}];
  const quiz = options.quiz ?? [0, 1, 2, 0, 1];
  const statements = [
    env.DB.prepare(
      `INSERT INTO learning_modules (id, title, summary, overview_md, outcomes, topic, level, estimated_minutes, access, quiz_pass_percent, position, status, published_at)
       VALUES (?, ?, 'A module of a test.', 'What this module covers.', '["An outcome"]', ?, 'beginner', ?, ?, ?, ?, ?, '2026-11-01T00:00:00.000Z')`,
    ).bind(
      id,
      options.title ?? `Test module ${sequence}`,
      options.topic ?? "cash-flow",
      lessons.length * 10,
      options.access ?? "free",
      options.quizPassPercent ?? 80,
      options.position ?? 1000 + sequence,
      options.status ?? "published",
    ),
  ];
  const lessonIds: string[] = [];
  lessons.forEach((lesson, index) => {
    const lessonId = `${id}-lesson-${index + 1}`;
    lessonIds.push(lessonId);
    statements.push(
      env.DB.prepare(
        `INSERT INTO learning_lessons (id, module_id, position, title, summary, body_md, estimated_minutes, video_key, video_type, video_seconds, captions_key, transcript_md, worksheet, release_after_days, status)
         VALUES (?, ?, ?, ?, 'A lesson of a test.', ?, 10, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        lessonId,
        id,
        index + 1,
        lesson.title ?? `Lesson ${index + 1}`,
        `## Lesson ${index + 1}\n\nWhat the lesson teaches, in a paragraph.`,
        lesson.video?.key ?? null,
        lesson.video?.type ?? null,
        lesson.video?.seconds ?? null,
        lesson.video?.captionsKey ?? null,
        lesson.video?.transcriptMd ?? null,
        lesson.worksheet === undefined ? null : lesson.worksheet === null ? null : JSON.stringify(lesson.worksheet),
        lesson.releaseAfterDays ?? null,
        lesson.status ?? "published",
      ),
    );
    (lesson.check ?? [0]).forEach((answer, q) => {
      statements.push(
        env.DB.prepare(
          `INSERT INTO learning_questions (id, module_id, lesson_id, position, prompt, options, answer_index, explanation) VALUES (?, ?, ?, ?, ?, '["First","Second"]', ?, 'Why.')`,
        ).bind(`${lessonId}-q${q + 1}`, id, lessonId, q + 1, `Check question ${q + 1}?`, answer),
      );
    });
  });
  const quizQuestionIds = quiz.map((_, q) => `${id}-quiz-q${q + 1}`);
  quiz.forEach((answer, q) => {
    statements.push(
      env.DB.prepare(
        `INSERT INTO learning_questions (id, module_id, lesson_id, position, prompt, options, answer_index, explanation) VALUES (?, ?, NULL, ?, ?, '["Option A","Option B","Option C"]', ?, 'Why.')`,
      ).bind(quizQuestionIds[q], id, q + 1, `Quiz question ${q + 1}?`, answer),
    );
  });
  await env.DB.batch(statements);
  return { id, lessonIds, quizQuestionIds };
}
