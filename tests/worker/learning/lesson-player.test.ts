import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { formatDate } from "~/utils/format";
import { createLearningModule } from "../../factories/learning";
import { createSignedInUser } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// The lesson player (/learning/lesson/{id}): the lesson for whoever its module's rule and drip let
// in, a locked or scheduled lesson's explanation otherwise, its files (video with Range requests,
// captions, transcript) under the same rule, and the learner's progress (complete, check, position).

const DAY_MS = 86_400_000;

async function row<T>(sql: string, ...binds: unknown[]) {
  return env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}

/** `size` bytes whose values follow their position, so any range of them can be checked. */
function patterned(size: number, from = 0): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (from + i) % 251;
  return bytes;
}

/** The href of the page's first link to a lesson carrying `attribute` (as `name="value"`). */
function hrefWith(html: string, attribute: string): string | undefined {
  const tag = [...html.matchAll(/<a [^>]*href="\/learning\/lesson\/[^>]*>/g)].map((m) => m[0]).find((a) => a.includes(attribute));
  return tag?.match(/href="([^"]*)"/)?.[1];
}

const CAPTIONS = "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nMoney in, money out.\n";

/** A free module whose first lesson has a tiny video (put into UPLOADS here), captions and a transcript. */
async function moduleWithVideo(size = 3000) {
  const key = `learning/videos/test-${crypto.randomUUID()}.mp4`;
  const captionsKey = key.replace(/\.mp4$/, ".vtt");
  await env.UPLOADS.put(key, patterned(size), { httpMetadata: { contentType: "video/mp4" } });
  await env.UPLOADS.put(captionsKey, CAPTIONS, { httpMetadata: { contentType: "text/vtt" } });
  const module = await createLearningModule({
    lessons: [
      { title: "Cash in the bank", video: { key, type: "video/mp4", seconds: 95, captionsKey, transcriptMd: "Welcome. **Cash** is what pays the bills." } },
      { title: "Second lesson" },
    ],
  });
  return { ...module, lessonId: module.lessonIds[0]!, size };
}

test("an open lesson: its markdown, the lesson list landmark with the current lesson, previous/next and the shortcuts", async () => {
  const module = await createLearningModule({ lessons: [{ title: "First steps" }, { title: "The middle one" }, { title: "Last words" }] });
  const [first, middle, last] = module.lessonIds;
  const member = await createSignedInUser();
  const response = await fetchApp(`/learning/lesson/${middle}`, { cookie: member.cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain('<h1 id="page-title">The middle one</h1>');
  expect(html).toContain("Lesson 2 of 3");
  expect(html).toMatch(/<h2 id="lesson-2">Lesson 2<\/h2>/);
  expect(html).toMatch(/<nav class="lesson-outline" aria-labelledby="lesson-outline-heading">/);
  expect(hrefWith(html, 'aria-current="page"')).toBe(`/learning/lesson/${middle}`);
  expect(hrefWith(html, 'rel="prev"')).toBe(`/learning/lesson/${first}`);
  expect(hrefWith(html, 'rel="next"')).toBe(`/learning/lesson/${last}`);
  expect(html).toMatch(/press <kbd>N<\/kbd> for the next lesson and <kbd>P<\/kbd> for the previous one/);
  expect(html).toContain("Check your understanding");
  expect(html).toContain('value="complete"');
  expect(html).toContain("Mark complete");
  // No video on this lesson: no player and no transcript.
  expect(html).not.toContain("<video");
});

test("the lesson renders its worksheet panel and Ask ClarityAI (the plans for a member without a subscription)", async () => {
  const module = await createLearningModule({
    lessons: [{ worksheet: { kind: "template", title: "Your collections plan", fields: [{ id: "terms", label: "Your payment terms" }] } }, { worksheet: null }],
  });
  const member = await createSignedInUser();
  const html = await pageText(await fetchApp(`/learning/lesson/${module.lessonIds[0]}`, { cookie: member.cookie }));
  expect(html).toContain('<h2 id="worksheet-heading">Your collections plan</h2>');
  expect(html).toContain("Your payment terms");
  expect(html).toContain('<h2 id="ask-clarityai-heading">Ask ClarityAI about this lesson</h2>');
  expect(html).toContain('href="/services/clarityai#plans"');
  // Without a worksheet, no panel.
  const plain = await pageText(await fetchApp(`/learning/lesson/${module.lessonIds[1]}`, { cookie: member.cookie }));
  expect(plain).not.toContain('id="worksheet-heading"');
  expect(plain).toContain("Ask ClarityAI about this lesson");
});

test("the lesson's markdown is rendered on the server with no raw HTML", async () => {
  const module = await createLearningModule({ lessons: [{}] });
  const lessonId = module.lessonIds[0]!;
  await env.DB.prepare("UPDATE learning_lessons SET body_md = ? WHERE id = ?")
    .bind("Before <script>alert(1)</script> [link](javascript:alert(1)) after", lessonId)
    .run();
  const member = await createSignedInUser();
  const html = await (await fetchApp(`/learning/lesson/${lessonId}`, { cookie: member.cookie })).text();
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(html).not.toContain("<script>alert(1)");
  expect(html).not.toContain('href="javascript:');
});

test("unknown and draft lessons, and lessons of a draft module, are the site's 404 page; a visitor is sent to sign in", async () => {
  const draftLesson = await createLearningModule({ lessons: [{}, { status: "draft" }] });
  const draftModule = await createLearningModule({ status: "draft" });
  const member = await createSignedInUser();
  for (const path of ["/learning/lesson/no-such-lesson", `/learning/lesson/${draftLesson.lessonIds[1]}`, `/learning/lesson/${draftModule.lessonIds[0]}`]) {
    const response = await fetchApp(path, { cookie: member.cookie });
    expect(response.status, path).toBe(404);
    const html = await pageText(response);
    expect(html, path).toContain("We couldn't find that page");
    expect(html, path).toContain("<title>Page not found | ClarityAI Coaching</title>");
    for (const file of ["video", "captions.vtt", "transcript.txt"]) {
      const resource = await fetchApp(`${path}/${file}`, { cookie: member.cookie });
      expect(resource.status, `${path}/${file}`).toBe(404);
      await resource.body?.cancel();
    }
  }
  // The draft lesson is left out of its module's list and navigation.
  const published = await pageText(await fetchApp(`/learning/lesson/${draftLesson.lessonIds[0]}`, { cookie: member.cookie }));
  expect(published).not.toContain(draftLesson.lessonIds[1]);
  const visitor = await fetchApp(`/learning/lesson/${draftLesson.lessonIds[0]}`);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/learning/lesson/${draftLesson.lessonIds[0]}`)}`);
});

test("a lesson of a subscribers' module is locked for a member: what it contains and the plans, not the lesson; staff see it", async () => {
  const module = await createLearningModule({
    access: "subscribers",
    lessons: [{ title: "Margins that pay", worksheet: { kind: "pricing-calculator", title: "Price a job" }, check: [0, 1] }],
  });
  const lessonId = module.lessonIds[0]!;
  const member = await createSignedInUser();
  const response = await fetchApp(`/learning/lesson/${lessonId}`, { cookie: member.cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain("This lesson is locked");
  expect(html).toContain("included with a ClarityAI subscription");
  expect(html).toContain('href="/services/clarityai#plans"');
  expect(html).toContain("What this lesson contains");
  expect(html).toContain("A worksheet: Price a job");
  expect(html).toContain("A knowledge check of 2 questions");
  expect(html).not.toContain("What the lesson teaches");
  expect(html).not.toContain("Mark complete");
  // Its files and forms are closed too, and nothing is recorded.
  const video = await fetchApp(`/learning/lesson/${lessonId}/transcript.txt`, { cookie: member.cookie });
  expect(video.status).toBe(403);
  expect(await video.text()).toContain("for ClarityAI subscribers");
  const complete = await fetchApp(`/learning/lesson/${lessonId}`, { cookie: member.cookie, form: { intent: "complete" } });
  expect(complete.status).toBe(403);
  await complete.body?.cancel();
  const position = await fetchApp(`/learning/lesson/${lessonId}/position`, { cookie: member.cookie, form: { position: "0.5" } });
  expect(position.status).toBe(403);
  await position.body?.cancel();
  expect(await row("SELECT 1 FROM learning_lesson_progress WHERE user_id = ?", member.id)).toBeNull();

  const coach = await createSignedInUser({ roles: ["coach"] });
  const staff = await pageText(await fetchApp(`/learning/lesson/${lessonId}`, { cookie: coach.cookie }));
  expect(staff).toContain("What the lesson teaches");
  expect(staff).not.toContain("This lesson is locked");
});

test("a lesson of a package module points to the coaching packages", async () => {
  const module = await createLearningModule({ access: "package", lessons: [{}] });
  const member = await createSignedInUser();
  const html = await pageText(await fetchApp(`/learning/lesson/${module.lessonIds[0]}`, { cookie: member.cookie }));
  expect(html).toContain("This lesson is locked");
  expect(html).toContain("included with a coaching package");
  expect(html).toContain('href="/booking"');
});

test("a scheduled lesson (the drip) says when it opens, and its list entry too", async () => {
  const module = await createLearningModule({ lessons: [{}, { title: "Week two", releaseAfterDays: 7 }] });
  const member = await createSignedInUser();
  const opens = formatDate(new Date(Date.now() + 7 * DAY_MS).toISOString());
  const response = await fetchApp(`/learning/lesson/${module.lessonIds[1]}`, { cookie: member.cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain(`This lesson opens on ${opens}`);
  expect(html).toContain(`Opens ${opens}`);
  expect(html).not.toContain("What the lesson teaches");
  const file = await fetchApp(`/learning/lesson/${module.lessonIds[1]}/transcript.txt`, { cookie: member.cookie });
  expect(file.status).toBe(403);
  expect(await file.text()).toMatch(/^This lesson opens on \d{4}-\d{2}-\d{2}\.$/);
});

test("the video: the whole file, a range (206), an open end, a suffix, one outside the file (416), HEAD", async () => {
  const { lessonId, size } = await moduleWithVideo(3000);
  const member = await createSignedInUser();
  const path = `/learning/lesson/${lessonId}/video`;
  const page = await pageText(await fetchApp(`/learning/lesson/${lessonId}`, { cookie: member.cookie }));
  expect(page).toContain(`<source src="${path}" type="video/mp4"/>`);
  expect(page).toContain(`<track kind="captions" src="/learning/lesson/${lessonId}/captions.vtt" srcLang="en-AU" label="English" default=""/>`);

  const whole = await fetchApp(path, { cookie: member.cookie });
  expect(whole.status).toBe(200);
  expect(whole.headers.get("Content-Type")).toBe("video/mp4");
  expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
  expect(whole.headers.get("Content-Length")).toBe(String(size));
  expect(whole.headers.get("Cache-Control")).toBe("private, no-store");
  expect(new Uint8Array(await whole.arrayBuffer())).toEqual(patterned(size));

  const ranged = (range: string) => fetchApp(path, { cookie: member.cookie, headers: { Range: range } });
  const span = await ranged("bytes=100-199");
  expect(span.status).toBe(206);
  expect(span.headers.get("Content-Range")).toBe(`bytes 100-199/${size}`);
  expect(span.headers.get("Content-Length")).toBe("100");
  expect(new Uint8Array(await span.arrayBuffer())).toEqual(patterned(100, 100));

  const openEnded = await ranged(`bytes=${size - 10}-`);
  expect(openEnded.status).toBe(206);
  expect(openEnded.headers.get("Content-Range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
  expect(new Uint8Array(await openEnded.arrayBuffer())).toEqual(patterned(10, size - 10));

  const suffix = await ranged("bytes=-300");
  expect(suffix.status).toBe(206);
  expect(suffix.headers.get("Content-Range")).toBe(`bytes ${size - 300}-${size - 1}/${size}`);
  expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(patterned(300, size - 300));

  const outside = await ranged(`bytes=${size}-`);
  expect(outside.status).toBe(416);
  expect(outside.headers.get("Content-Range")).toBe(`bytes */${size}`);
  expect(await outside.text()).toMatch(/outside the video/);

  const several = await ranged("bytes=0-1,5-6");
  expect(several.status).toBe(200);
  expect(several.headers.get("Content-Length")).toBe(String(size));
  await several.body?.cancel();

  const head = await fetchApp(path, { cookie: member.cookie, method: "HEAD" });
  expect(head.status).toBe(200);
  expect(head.headers.get("Content-Length")).toBe(String(size));
  expect(await head.text()).toBe("");

  const visitor = await fetchApp(path);
  expect(visitor.status).toBe(302);
});

test("the captions (WebVTT) and the transcript: on the page and as a .txt download", async () => {
  const { lessonId } = await moduleWithVideo();
  const member = await createSignedInUser();
  const captions = await fetchApp(`/learning/lesson/${lessonId}/captions.vtt`, { cookie: member.cookie });
  expect(captions.status).toBe(200);
  expect(captions.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
  expect(await captions.text()).toBe(CAPTIONS);

  const transcript = await fetchApp(`/learning/lesson/${lessonId}/transcript.txt`, { cookie: member.cookie });
  expect(transcript.status).toBe(200);
  expect(transcript.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  expect(transcript.headers.get("Content-Disposition")).toBe(`attachment; filename="${lessonId}-transcript.txt"`);
  const text = await transcript.text();
  expect(text.split("\n")[0]).toBe("Cash in the bank");
  expect(text).toContain("Welcome. **Cash** is what pays the bills.");

  const page = await pageText(await fetchApp(`/learning/lesson/${lessonId}`, { cookie: member.cookie }));
  expect(page).toContain('<h2 id="lesson-transcript-heading">Transcript</h2>');
  expect(page).toContain("Welcome. <strong>Cash</strong> is what pays the bills.");
  expect(page).toContain(`href="/learning/lesson/${lessonId}/transcript.txt" download=""`);

  // A lesson without a video has no captions or transcript to send.
  const plain = await createLearningModule({ lessons: [{}] });
  for (const file of ["video", "captions.vtt", "transcript.txt"]) {
    const response = await fetchApp(`/learning/lesson/${plain.lessonIds[0]}/${file}`, { cookie: member.cookie });
    expect(response.status, file).toBe(404);
    await response.body?.cancel();
  }
});

test("the knowledge check is scored on the server and its result stored; unanswered questions are a 400 with nothing stored", async () => {
  const module = await createLearningModule({ lessons: [{ check: [1, 0] }] });
  const lessonId = module.lessonIds[0]!;
  const member = await createSignedInUser();
  const path = `/learning/lesson/${lessonId}`;

  const partial = await fetchApp(path, { cookie: member.cookie, form: { intent: "check", [`q-${lessonId}-q1`]: "1" } });
  expect(partial.status).toBe(400);
  expect(await pageText(partial)).toContain("Choose an answer to the question marked below.");
  const unchecked = "SELECT check_correct, check_total FROM learning_lesson_progress WHERE user_id = ? AND lesson_id = ?";
  expect(await row(unchecked, member.id, lessonId)).toEqual({ check_correct: null, check_total: null });

  const outOfRange = await fetchApp(path, { cookie: member.cookie, form: { intent: "check", [`q-${lessonId}-q1`]: "7", [`q-${lessonId}-q2`]: "x" } });
  expect(outOfRange.status).toBe(400);
  await outOfRange.body?.cancel();
  expect(await row(unchecked, member.id, lessonId)).toEqual({ check_correct: null, check_total: null });

  const half = await fetchApp(path, { cookie: member.cookie, form: { intent: "check", [`q-${lessonId}-q1`]: "1", [`q-${lessonId}-q2`]: "1" } });
  expect(half.status).toBe(200);
  const html = await pageText(half);
  expect(html).toContain("You got 1 of 2 right.");
  expect(html).toContain("Not quite — the answer is “First”.");
  expect(await row("SELECT check_correct, check_total FROM learning_lesson_progress WHERE user_id = ? AND lesson_id = ?", member.id, lessonId)).toEqual({
    check_correct: 1,
    check_total: 2,
  });

  const full = await fetchApp(path, { cookie: member.cookie, form: { intent: "check", [`q-${lessonId}-q1`]: "1", [`q-${lessonId}-q2`]: "0" } });
  expect(await pageText(full)).toContain("You got 2 of 2 right. Well done.");
  expect(await row("SELECT check_correct FROM learning_lesson_progress WHERE user_id = ? AND lesson_id = ?", member.id, lessonId)).toEqual({
    check_correct: 2,
  });
  // The page remembers the last result.
  expect(await pageText(await fetchApp(path, { cookie: member.cookie }))).toContain("Your last result: 2 of 2.");

  const unknown = await fetchApp(path, { cookie: member.cookie, form: { intent: "nonsense" } });
  expect(unknown.status).toBe(400);
  await unknown.body?.cancel();
});

test("Mark complete works as a plain form post and counts once however often it is sent", async () => {
  const module = await createLearningModule({ lessons: [{}, {}] });
  const lessonId = module.lessonIds[0]!;
  const member = await createSignedInUser();
  const path = `/learning/lesson/${lessonId}`;
  const first = await fetchApp(path, { cookie: member.cookie, form: { intent: "complete" } });
  expect(first.status).toBe(200);
  const html = await pageText(first);
  expect(html).toContain("You've completed this lesson");
  expect(html).toContain("Marked complete.");
  const stored = await row<{ completed_at: string }>(
    "SELECT completed_at FROM learning_lesson_progress WHERE user_id = ? AND lesson_id = ?",
    member.id,
    lessonId,
  );
  expect(stored?.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  const again = await fetchApp(path, { cookie: member.cookie, form: { intent: "complete" } });
  expect(again.status).toBe(200);
  await again.body?.cancel();
  expect(await row("SELECT completed_at FROM learning_lesson_progress WHERE user_id = ? AND lesson_id = ?", member.id, lessonId)).toEqual(stored);
  expect(await row("SELECT count(*) AS n FROM learning_lesson_progress WHERE user_id = ? AND completed_at IS NOT NULL", member.id)).toEqual({ n: 1 });
  // The lesson list marks it.
  const next = await pageText(await fetchApp(`/learning/lesson/${module.lessonIds[1]}`, { cookie: member.cookie }));
  expect(next).toMatch(/<li class="is-complete"><a [^>]*href="\/learning\/lesson\/[^"]+-lesson-1"/);
  expect(next).toContain("(completed)");
});

test("the reading position is saved (0–1) and handed back to the page on the next visit; anything else is a 400", async () => {
  const module = await createLearningModule({ lessons: [{}] });
  const lessonId = module.lessonIds[0]!;
  const member = await createSignedInUser();
  const path = `/learning/lesson/${lessonId}/position`;
  for (const position of ["1.5", "-0.1", "abc", "", "Infinity"]) {
    const bad = await fetchApp(path, { cookie: member.cookie, form: { position } });
    expect(bad.status, position).toBe(400);
    await bad.body?.cancel();
  }
  const missing = await fetchApp(path, { cookie: member.cookie, form: {} });
  expect(missing.status).toBe(400);
  await missing.body?.cancel();

  const saved = await fetchApp(path, { cookie: member.cookie, form: { position: "0.42" } });
  expect(saved.status).toBe(204);
  expect(await row("SELECT reading_position FROM learning_lesson_progress WHERE user_id = ? AND lesson_id = ?", member.id, lessonId)).toEqual({
    reading_position: 0.42,
  });
  const page = await pageText(await fetchApp(`/learning/lesson/${lessonId}`, { cookie: member.cookie }));
  // The loader's data, as the page streams it to the browser.
  expect(page).toMatch(/readingPosition\\?",0\.42\b/);
  // Another member's position is their own.
  const other = await createSignedInUser();
  expect(await pageText(await fetchApp(`/learning/lesson/${lessonId}`, { cookie: other.cookie }))).toMatch(/readingPosition\\?",0,/);
  const visitor = await fetchApp(path, { form: { position: "0.5" } });
  expect(visitor.status).toBe(302);
});
