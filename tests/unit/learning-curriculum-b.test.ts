import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { CURRICULUM } from "~/learning/curriculum";
import { hiringFairWork } from "~/learning/curriculum/hiring-fair-work";
import { marketingEnquiries } from "~/learning/curriculum/marketing-enquiries";
import { systemsSops } from "~/learning/curriculum/systems-sops";
import type { CurriculumModule, CurriculumQuestion } from "~/learning/curriculum/types";
import { LEARNING_TOPICS } from "~/learning/types";

// The systems, hiring and marketing modules: their shape, their fixed ids and the quality bar of
// their text (real lessons of a useful length, en-AU, markdown without raw HTML).

const MODULES: { module: CurriculumModule; id: string; topic: string; access: string }[] = [
  { module: systemsSops, id: "systems-sops", topic: "systems", access: "package" },
  { module: hiringFairWork, id: "hiring-fair-work", topic: "people", access: "subscribers" },
  { module: marketingEnquiries, id: "marketing-enquiries", topic: "marketing", access: "free" },
];

/** Words of a markdown text, without its markup. */
function wordCount(markdown: string): number {
  return markdown
    .replace(/[#*_>`[\]()]/g, " ")
    .split(/\s+/)
    .filter((word) => /[A-Za-z0-9]/.test(word)).length;
}

// Spellings and terms an Australian reader would notice.
const NOT_EN_AU =
  /\b(color|colors|favorite|behavior|organize[sd]?|organizing|organization|realize[sd]?|prioritize[sd]?|optimize[sd]?|minimize[sd]?|maximize[sd]?|recognize[sd]?|utilize[sd]?|customize[sd]?|analyze[sd]?|center|centers|paycheck|vacation|zip code|attorney|401\(k\)|IRS|Social Security|W-2|1099|sales tax)\b/i;

function allQuestions(module: CurriculumModule): CurriculumQuestion[] {
  return [...module.quiz, ...module.lessons.flatMap((lesson) => lesson.check)];
}

function allText(module: CurriculumModule): string {
  return JSON.stringify(module);
}

describe.each(MODULES)("$id", ({ module, id, topic, access }) => {
  test("keeps its fixed id, topic and access, and sits in the hub's curriculum", () => {
    expect(module.id).toBe(id);
    expect(module.topic).toBe(topic);
    expect(module.access).toBe(access);
    expect(Object.keys(LEARNING_TOPICS)).toContain(module.topic);
    expect(CURRICULUM).toContain(module);
  });

  test("has a title, summary, overview and three to five outcomes", () => {
    expect(module.title.length).toBeGreaterThan(10);
    expect(module.summary.length).toBeGreaterThan(60);
    expect(wordCount(module.overviewMd)).toBeGreaterThanOrEqual(80);
    expect(module.outcomes.length).toBeGreaterThanOrEqual(3);
    expect(module.outcomes.length).toBeLessThanOrEqual(5);
  });

  test("has four to six lessons with unique ids prefixed by the module's id", () => {
    expect(module.lessons.length).toBeGreaterThanOrEqual(4);
    expect(module.lessons.length).toBeLessThanOrEqual(6);
    for (const lesson of module.lessons) expect(lesson.id.startsWith(`${id}-`)).toBe(true);
  });

  test.each(module.lessons.map((lesson) => [lesson.id, lesson] as const))("lesson %s is a real lesson", (_id, lesson) => {
    const words = wordCount(lesson.bodyMd);
    expect(words, `${lesson.id} has ${words} words`).toBeGreaterThanOrEqual(500);
    expect(words, `${lesson.id} has ${words} words`).toBeLessThanOrEqual(1100);
    expect(lesson.bodyMd).toMatch(/^## /m);
    expect(lesson.bodyMd).toMatch(/^## A worked example/m);
    expect(lesson.bodyMd).toMatch(/^## Try this this week/m);
    expect(lesson.summary.length).toBeGreaterThan(30);
    expect(lesson.estimatedMinutes).toBeGreaterThanOrEqual(5);
    expect(lesson.check.length).toBeGreaterThanOrEqual(2);
    expect(lesson.check.length).toBeLessThanOrEqual(3);
    if (lesson.worksheet.kind === "template") {
      expect(lesson.worksheet.fields.length).toBeGreaterThanOrEqual(3);
      expect(lesson.worksheet.fields.length).toBeLessThanOrEqual(6);
      const fieldIds = lesson.worksheet.fields.map((field) => field.id);
      expect(new Set(fieldIds).size).toBe(fieldIds.length);
      for (const fieldId of fieldIds) expect(fieldId).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  test("has a module quiz of six to eight questions", () => {
    expect(module.quiz.length).toBeGreaterThanOrEqual(6);
    expect(module.quiz.length).toBeLessThanOrEqual(8);
  });

  test("every question has distinct options, an answer among them and an explanation", () => {
    for (const question of allQuestions(module)) {
      expect(question.options.length, question.prompt).toBeGreaterThanOrEqual(2);
      expect(new Set(question.options).size, question.prompt).toBe(question.options.length);
      expect(Number.isInteger(question.answerIndex), question.prompt).toBe(true);
      expect(question.answerIndex, question.prompt).toBeGreaterThanOrEqual(0);
      expect(question.answerIndex, question.prompt).toBeLessThan(question.options.length);
      expect(question.explanation.length, question.prompt).toBeGreaterThan(20);
    }
  });

  test("has no placeholder text, raw HTML or non-Australian spellings", () => {
    const text = allText(module);
    expect(text).not.toMatch(/lorem|ipsum|outline|TODO|TBC/i);
    const markdown = [module.overviewMd, ...module.lessons.flatMap((lesson) => [lesson.bodyMd, lesson.video?.transcriptMd ?? ""])];
    for (const source of markdown) expect(source).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(text.match(NOT_EN_AU)?.[0] ?? null).toBeNull();
  });
});

test("lesson ids are unique across the whole curriculum", () => {
  const ids = CURRICULUM.flatMap((module) => module.lessons.map((lesson) => lesson.id));
  expect(new Set(ids).size).toBe(ids.length);
});

test("the SOP lesson keeps its fixed id and interactive worksheet; every other lesson of these modules is a template", () => {
  const sop = systemsSops.lessons.find((lesson) => lesson.id === "systems-sops-write-your-first-sop");
  expect(sop?.worksheet.kind).toBe("sop");
  for (const { module } of MODULES)
    for (const lesson of module.lessons) if (lesson.id !== "systems-sops-write-your-first-sop") expect(lesson.worksheet.kind).toBe("template");
});

test("hiring opens its first lesson at once and releases the rest on a rising schedule", () => {
  const days = hiringFairWork.lessons.map((lesson) => lesson.releaseAfterDays);
  expect(days[0]).toBe(0);
  for (let index = 1; index < days.length; index++) expect(days[index]).toBeGreaterThan(days[index - 1] ?? 0);
});

test("hiring and marketing say they are general information where the law matters", () => {
  for (const module of [hiringFairWork, marketingEnquiries]) expect(allText(module)).toMatch(/general information, not (legal|financial)/);
  expect(allText(hiringFairWork)).toMatch(/fairwork\.gov\.au/);
  expect(allText(hiringFairWork)).toMatch(/ato\.gov\.au/);
});

test("the lesson video's files are in the repository under their bucket keys, with matching captions", () => {
  const videos = MODULES.flatMap(({ module }) => module.lessons.flatMap((lesson) => (lesson.video ? [{ lesson, video: lesson.video }] : [])));
  expect(videos.length).toBeGreaterThanOrEqual(1);
  for (const { lesson, video } of videos) {
    expect(video.key).toBe(`learning/videos/${lesson.id}.mp4`);
    expect(video.captionsKey).toBe(`learning/captions/${lesson.id}.vtt`);
    expect(video.type).toBe("video/mp4");
    const file = fileURLToPath(new URL(`../../media/${video.key}`, import.meta.url));
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).length).toBeLessThanOrEqual(1.5 * 1024 * 1024);
    const captions = readFileSync(fileURLToPath(new URL(`../../media/${video.captionsKey}`, import.meta.url)), "utf8");
    expect(captions.startsWith("WEBVTT")).toBe(true);
    const ends = [...captions.matchAll(/--> (\d\d):(\d\d):(\d\d)\.(\d\d\d)/g)].map(
      ([, h, m, s, ms]) => Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000,
    );
    expect(ends.length).toBeGreaterThan(5);
    expect(Math.abs((ends.at(-1) ?? 0) - video.seconds)).toBeLessThanOrEqual(3);
    expect(wordCount(video.transcriptMd)).toBeGreaterThan(100);
    // The MP4 plays for the lesson's stated length, with its index at the front (faststart).
    const mp4 = readFileSync(file);
    expect(mp4.indexOf("moov")).toBeLessThan(mp4.indexOf("mdat"));
    const mvhd = mp4.indexOf("mvhd");
    const timescale = mp4.readUInt32BE(mvhd + 16);
    const duration = mp4.readUInt32BE(mvhd + 20);
    expect(mp4[mvhd + 4]).toBe(0);
    expect(Math.abs(duration / timescale - video.seconds)).toBeLessThanOrEqual(1);
    // The captions say what the transcript says.
    const spoken = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, " ")
        .trim();
    const captionText = captions
      .split(/\n\n/)
      .slice(1)
      .map((cue) => cue.split("\n").slice(2).join(" "))
      .join(" ");
    const transcriptText = video.transcriptMd
      .split("\n")
      .filter((line) => !line.startsWith("#"))
      .join(" ");
    expect(spoken(captionText)).toBe(spoken(transcriptText));
    const transcriptFile = fileURLToPath(new URL(`../../media/learning/transcripts/${lesson.id}.md`, import.meta.url));
    expect(readFileSync(transcriptFile, "utf8")).toBe(`${video.transcriptMd.trim()}\n`);
  }
});
