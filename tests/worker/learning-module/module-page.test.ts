import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createLearningModule } from "../../factories/learning";
import { createSignedInUser } from "../../factories/users";
import { fetchApp, pageText } from "../app";
import { completeLessons, passQuiz } from "./helpers";

// /learning/module/{id}: the overview and outcomes, the lessons with the learner's completion and
// gate state (locked, or scheduled with its date), the quiz result and the certificate. A locked
// module shows what it contains and how to unlock it; unknown or draft ids are the 404.

const RIGHT = [0, 1, 2, 0, 1];
const DAY_MS = 86_400_000;

test("an open module shows its overview, outcomes, lessons, quiz and what the certificate needs", async () => {
  const module = await createLearningModule({ title: "Cash flow basics", lessons: [{ title: "Know your numbers" }, { title: "Plan 13 weeks" }], quiz: RIGHT });
  const learner = await createSignedInUser();
  const response = await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const html = await pageText(response);
  expect(html).toContain("<h1");
  expect(html).toContain("Cash flow basics");
  expect(html).toContain("What this module covers.");
  expect(html).toContain("An outcome");
  expect(html).toContain(`href="/learning/lesson/${module.lessonIds[0]}"`);
  expect(html).toContain(`href="/learning/lesson/${module.lessonIds[1]}"`);
  expect(html).toContain("Start the module");
  expect(html).toContain("0 of 2 lessons complete");
  expect(html).toContain("5 questions. You pass with 80% or more");
  expect(html).toContain(`href="/learning/module/${module.id}/quiz"`);
  expect(html).toContain("2 lessons to complete");
  expect(html).toContain("The quiz to pass");
  expect(html).toMatch(/<meta name="robots" content="noindex/);
});

test("completed lessons are marked, the next open lesson is offered, and the quiz's best score shows", async () => {
  const module = await createLearningModule({ lessons: [{}, { title: "The second lesson" }, {}], quiz: RIGHT });
  const learner = await createSignedInUser();
  await completeLessons(learner.id, module, [module.lessonIds[0]!]);
  await fetchApp(`/learning/module/${module.id}/quiz`, {
    cookie: learner.cookie,
    form: Object.fromEntries(module.quizQuestionIds.map((id, i) => [`answer-${id}`, String(i < 3 ? RIGHT[i] : 2)])),
  });
  const html = await pageText(await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie }));
  expect(html).toContain("1 of 3 lessons complete");
  expect(html.match(/data-state="done"/g)).toHaveLength(1);
  expect(html).toContain("Continue: The second lesson");
  expect(html).toContain("Not passed yet.");
  expect(html).toContain("Your best score: 3 of 5 (60%)");
  expect(html).toContain("Retake the quiz");
});

test("a finished module shows the certificate with its download and public verification link", async () => {
  const module = await createLearningModule({ lessons: [{}, {}], quiz: RIGHT });
  const learner = await createSignedInUser();
  await completeLessons(learner.id, module, module.lessonIds);
  await passQuiz(learner.cookie, module, RIGHT);
  const html = await pageText(await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie }));
  const id = await env.DB.prepare("SELECT id FROM learning_certificates WHERE user_id = ?").bind(learner.id).first<string>("id");
  expect(id).toBeTruthy();
  expect(html).toContain("2 of 2 lessons complete");
  expect(html).toContain("Passed.");
  expect(html).toContain(`href="/learning/module/${module.id}/certificate.pdf"`);
  expect(html).toContain(`/certificates/${id}`);
});

test("the certificate is issued on the module page when the last lesson was completed after the quiz", async () => {
  const module = await createLearningModule({ lessons: [{}, {}], quiz: RIGHT });
  const learner = await createSignedInUser();
  await completeLessons(learner.id, module, [module.lessonIds[0]!]);
  await passQuiz(learner.cookie, module, RIGHT);
  await completeLessons(learner.id, module, [module.lessonIds[1]!]);
  const html = await pageText(await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie }));
  expect(html).toContain("Download your certificate (PDF)");
  const completedAt = await env.DB.prepare("SELECT completed_at FROM learning_enrolments WHERE user_id = ? AND module_id = ?")
    .bind(learner.id, module.id)
    .first<string | null>("completed_at");
  expect(completedAt).not.toBeNull();
});

test("a drip lesson reads as scheduled with the date it opens, in the learner's time zone", async () => {
  const module = await createLearningModule({ lessons: [{}, { releaseAfterDays: 7 }], quiz: RIGHT });
  const learner = await createSignedInUser();
  const startedAt = new Date(Date.now() - DAY_MS).toISOString();
  await env.DB.prepare("INSERT INTO learning_enrolments (user_id, module_id, started_at, last_visited_at) VALUES (?, ?, ?, ?)")
    .bind(learner.id, module.id, startedAt, startedAt)
    .run();
  const html = await pageText(await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie }));
  const opens = new Date(Date.parse(startedAt) + 7 * DAY_MS);
  const day = new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Australia/Sydney" })
    .formatToParts(opens)
    .reduce<Record<string, string>>((parts, part) => ({ ...parts, [part.type]: part.value }), {});
  expect(html).toContain(`Opens ${day.weekday} ${day.day} ${day.month} ${day.year}`);
  expect(html).toMatch(/Opens [^<]* (AEDT|AEST)/);
  expect(html).not.toContain(`href="/learning/lesson/${module.lessonIds[1]}"`);
  expect(html).toContain(`href="/learning/lesson/${module.lessonIds[0]}"`);
});

test("a subscribers' module shows what it contains and the way to the ClarityAI plans, with no way into its lessons or quiz", async () => {
  const module = await createLearningModule({ access: "subscribers", lessons: [{ title: "Margins that hold" }], quiz: RIGHT });
  const learner = await createSignedInUser();
  const response = await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain("This module is part of ClarityAI");
  expect(html).toContain('href="/services/clarityai#plans"');
  expect(html).toContain("Margins that hold");
  expect(html).toContain("What this module covers.");
  expect(html).toContain("Locked");
  expect(html).not.toContain(`href="/learning/lesson/${module.lessonIds[0]}"`);
  expect(html).not.toContain(`href="/learning/module/${module.id}/quiz"`);
});

test("a package module points to the coaching packages; staff see it open", async () => {
  const module = await createLearningModule({ access: "package", lessons: [{}], quiz: RIGHT });
  const learner = await createSignedInUser();
  const html = await pageText(await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie }));
  expect(html).toContain("This module comes with a coaching package");
  expect(html).toContain('href="/booking"');
  const coach = await createSignedInUser({ roles: ["coach"] });
  const staffHtml = await pageText(await fetchApp(`/learning/module/${module.id}`, { cookie: coach.cookie }));
  expect(staffHtml).not.toContain("This module comes with a coaching package");
  expect(staffHtml).toContain(`href="/learning/lesson/${module.lessonIds[0]}"`);
});

test("unknown and draft modules are the 404; a visitor is sent to sign in", async () => {
  const learner = await createSignedInUser();
  const draft = await createLearningModule({ status: "draft" });
  for (const id of ["no-such-module", draft.id, "%00", "a".repeat(300)]) {
    const response = await fetchApp(`/learning/module/${id}`, { cookie: learner.cookie });
    expect(response.status, id).toBe(404);
  }
  const module = await createLearningModule();
  const visitor = await fetchApp(`/learning/module/${module.id}`);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/learning/module/${module.id}`)}`);
});
