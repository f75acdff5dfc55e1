import type { CurriculumModule, CurriculumQuestion } from "./types";

// The curriculum as D1 rows (learning_modules, learning_lessons, learning_questions), for the seed.

type Row = Record<string, string | number | null>;

/** When the seeded curriculum counts as published. */
const PUBLISHED_AT = "2026-11-01T00:00:00.000Z";

function questionRows(moduleId: string, lessonId: string | null, idPrefix: string, questions: CurriculumQuestion[]): Row[] {
  return questions.map((question, index) => ({
    id: `${idPrefix}-q${index + 1}`,
    module_id: moduleId,
    lesson_id: lessonId,
    position: index + 1,
    prompt: question.prompt,
    options: JSON.stringify(question.options),
    answer_index: question.answerIndex,
    explanation: question.explanation,
  }));
}

export function curriculumRows(curriculum: CurriculumModule[]): { modules: Row[]; lessons: Row[]; questions: Row[] } {
  const modules: Row[] = [];
  const lessons: Row[] = [];
  const questions: Row[] = [];
  curriculum.forEach((module, moduleIndex) => {
    modules.push({
      id: module.id,
      title: module.title,
      summary: module.summary,
      overview_md: module.overviewMd,
      outcomes: JSON.stringify(module.outcomes),
      topic: module.topic,
      level: module.level,
      estimated_minutes: module.lessons.reduce((sum, lesson) => sum + lesson.estimatedMinutes, 0),
      access: module.access,
      position: moduleIndex + 1,
      status: "published",
      published_at: PUBLISHED_AT,
    });
    module.lessons.forEach((lesson, lessonIndex) => {
      lessons.push({
        id: lesson.id,
        module_id: module.id,
        position: lessonIndex + 1,
        title: lesson.title,
        summary: lesson.summary,
        body_md: lesson.bodyMd,
        estimated_minutes: lesson.estimatedMinutes,
        video_key: lesson.video?.key ?? null,
        video_type: lesson.video?.type ?? null,
        video_seconds: lesson.video?.seconds ?? null,
        captions_key: lesson.video?.captionsKey ?? null,
        transcript_md: lesson.video?.transcriptMd ?? null,
        worksheet: JSON.stringify(lesson.worksheet),
        release_after_days: lesson.releaseAfterDays ?? null,
        status: "published",
      });
      questions.push(...questionRows(module.id, lesson.id, lesson.id, lesson.check));
    });
    questions.push(...questionRows(module.id, null, `${module.id}-quiz`, module.quiz));
  });
  return { modules, lessons, questions };
}
