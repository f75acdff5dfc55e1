import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { issueCertificate, newCertificateId, normaliseCertificateId } from "~/learning/certificates.server";
import { createLearningModule } from "../../factories/learning";
import { createSignedInUser } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText } from "../app";
import { completeLessons, passQuiz } from "./helpers";

// Certificates of completion (app/learning/certificates.server.ts): issued once, only when every
// published lesson is complete and the quiz is passed; a PDF for the learner; verifiable by anyone at
// /certificates/{id}; an unknown code is the 404.

const RIGHT = [0, 1, 2, 0, 1];
const NOW = new Date("2026-11-28T02:00:00.000Z");

/** The text drawn on a PDF page: the strings of its Tj operators (escapes decoded, WinAnsi as Latin-1), joined by spaces. */
function pdfText(bytes: ArrayBuffer): string {
  const text = new TextDecoder("latin1").decode(bytes);
  return [...text.matchAll(/\((.*?)(?<!\\)\) Tj/g)]
    .map((m) => m[1]!.replace(/\\([0-7]{3}|[()\\])/g, (_, escaped: string) => (escaped.length === 3 ? String.fromCharCode(parseInt(escaped, 8)) : escaped)))
    .join(" ");
}

test("verification codes are unguessable, readable and read back in any case", () => {
  const codes = new Set(Array.from({ length: 200 }, () => newCertificateId()));
  expect(codes.size).toBe(200);
  for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  const [code] = codes;
  expect(normaliseCertificateId(` ${code!.toLowerCase()} `)).toBe(code);
  for (const bad of ["", "ABCD", "ABCD-EFGH-IJKL-MNOP", "../../etc", "A".repeat(500), null, undefined]) expect(normaliseCertificateId(bad)).toBeNull();
});

test("no certificate while a lesson is incomplete or the quiz isn't passed; both done issues exactly one", async () => {
  const module = await createLearningModule({ lessons: [{}, {}, {}], quiz: RIGHT });
  const learner = await createSignedInUser({ firstName: "Mia", lastName: "Nguyen" });
  const db = contextFor().db;
  const pdf = () => fetchApp(`/learning/module/${module.id}/certificate.pdf`, { cookie: learner.cookie });

  await completeLessons(learner.id, module, module.lessonIds.slice(0, 2));
  await passQuiz(learner.cookie, module, RIGHT);
  expect((await issueCertificate(db, learner.id, module.id, NOW)).status).toBe("incomplete");
  expect((await pdf()).status).toBe(404);
  expect(await countRows("learning_certificates", "user_id = ?", learner.id)).toBe(0);

  await completeLessons(learner.id, module, module.lessonIds.slice(2));
  const first = await issueCertificate(db, learner.id, module.id, NOW);
  expect(first.status).toBe("issued");
  const again = await issueCertificate(db, learner.id, module.id, new Date("2026-12-01T00:00:00.000Z"));
  expect(again).toEqual(first);
  expect(await countRows("learning_certificates", "user_id = ? AND module_id = ?", learner.id, module.id)).toBe(1);
  if (first.status !== "issued") throw new Error("not issued");
  expect(first.certificate).toMatchObject({ recipientName: "Mia Nguyen", moduleId: module.id, issuedAt: NOW.toISOString() });
  // The hub's "done" agrees with the certificate.
  const enrolment = await env.DB.prepare("SELECT completed_at FROM learning_enrolments WHERE user_id = ? AND module_id = ?")
    .bind(learner.id, module.id)
    .first<string>("completed_at");
  expect(enrolment).toBe(NOW.toISOString());
});

test("all lessons complete but the quiz only failed: no certificate", async () => {
  const module = await createLearningModule({ lessons: [{}], quiz: RIGHT });
  const learner = await createSignedInUser();
  await completeLessons(learner.id, module, module.lessonIds);
  const failed = await fetchApp(`/learning/module/${module.id}/quiz`, {
    cookie: learner.cookie,
    form: Object.fromEntries(module.quizQuestionIds.map((id) => [`answer-${id}`, "2"])),
  });
  expect(failed.status).toBe(302);
  expect((await fetchApp(`/learning/module/${module.id}/certificate.pdf`, { cookie: learner.cookie })).status).toBe(404);
  expect(await countRows("learning_certificates", "user_id = ?", learner.id)).toBe(0);
});

test("passing the quiz after the last lesson issues the certificate at once, and a draft lesson isn't needed", async () => {
  const module = await createLearningModule({ lessons: [{}, {}, { status: "draft" }], quiz: RIGHT });
  const learner = await createSignedInUser({ firstName: "Jack", lastName: "O'Brien" });
  await completeLessons(learner.id, module, module.lessonIds.slice(0, 2));
  const result = await passQuiz(learner.cookie, module, RIGHT);
  expect(await countRows("learning_certificates", "user_id = ? AND module_id = ?", learner.id, module.id)).toBe(1);
  const html = await pageText(await fetchApp(result.replace(/#.*/, ""), { cookie: learner.cookie }));
  expect(html).toContain("You've completed the module and earned your certificate.");
  expect(html).toContain(`href="/learning/module/${module.id}/certificate.pdf"`);
});

test("a module without a quiz needs only its lessons", async () => {
  const module = await createLearningModule({ lessons: [{}], quiz: [] });
  const learner = await createSignedInUser();
  await completeLessons(learner.id, module, module.lessonIds);
  expect((await issueCertificate(contextFor().db, learner.id, module.id, NOW)).status).toBe("issued");
});

test("a learner without a name on their profile is asked for one before the certificate is issued", async () => {
  const module = await createLearningModule({ lessons: [{}], quiz: RIGHT });
  const learner = await createSignedInUser({ firstName: "", lastName: "" });
  await completeLessons(learner.id, module, module.lessonIds);
  await passQuiz(learner.cookie, module, RIGHT);
  expect(await countRows("learning_certificates", "user_id = ?", learner.id)).toBe(0);
  const html = await pageText(await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie }));
  expect(html).toContain("add it to your profile");
  await env.DB.prepare("UPDATE profiles SET first_name = 'Ava', last_name = 'Smith' WHERE user_id = ?").bind(learner.id).run();
  const pdf = await fetchApp(`/learning/module/${module.id}/certificate.pdf`, { cookie: learner.cookie });
  expect(pdf.status).toBe(200);
  expect(pdfText(await pdf.arrayBuffer())).toContain("Ava Smith");
});

test("the certificate PDF carries the name, the module, the date and where to verify it, for its owner only", async () => {
  const module = await createLearningModule({ title: "Cash flow for builders", lessons: [{}], quiz: RIGHT });
  const learner = await createSignedInUser({ firstName: "Zoë", lastName: "Papadopoulos" });
  const other = await createSignedInUser();
  await completeLessons(learner.id, module, module.lessonIds);
  await passQuiz(learner.cookie, module, RIGHT);
  const certificate = await env.DB.prepare("SELECT id, issued_at FROM learning_certificates WHERE user_id = ?")
    .bind(learner.id)
    .first<{ id: string; issued_at: string }>();

  const response = await fetchApp(`/learning/module/${module.id}/certificate.pdf`, { cookie: learner.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="certificate-${module.id}.pdf"`);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const bytes = await response.arrayBuffer();
  expect(new TextDecoder("latin1").decode(bytes.slice(0, 5))).toBe("%PDF-");
  const text = pdfText(bytes);
  expect(text).toContain("Certificate of completion");
  expect(text).toContain("Zoë Papadopoulos");
  expect(text).toContain("Cash flow for builders");
  const day = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "Australia/Sydney" }).format(
    new Date(certificate!.issued_at),
  );
  expect(text).toContain(`on ${day}`);
  expect(text).toContain(`/certificates/${certificate!.id}`);

  // Someone else has earned nothing here: their own certificate of the module is the 404.
  expect((await fetchApp(`/learning/module/${module.id}/certificate.pdf`, { cookie: other.cookie })).status).toBe(404);
  // A visitor is sent to sign in.
  expect((await fetchApp(`/learning/module/${module.id}/certificate.pdf`)).status).toBe(302);
});

test("anyone can verify a certificate by its code without signing in; an unknown code is the 404", async () => {
  const module = await createLearningModule({ title: "Pricing with margins", lessons: [{}], quiz: RIGHT });
  const learner = await createSignedInUser({ firstName: "Liam", lastName: "Walker" });
  await completeLessons(learner.id, module, module.lessonIds);
  await passQuiz(learner.cookie, module, RIGHT);
  const id = (await env.DB.prepare("SELECT id FROM learning_certificates WHERE user_id = ?").bind(learner.id).first<string>("id"))!;

  for (const path of [`/certificates/${id}`, `/certificates/${id.toLowerCase()}`]) {
    const response = await fetchApp(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await pageText(response);
    expect(html).toContain("This certificate is valid");
    expect(html).toContain("Liam Walker");
    expect(html).toContain("Pricing with margins");
    expect(html).toContain(id);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).not.toContain(learner.email);
  }
  for (const path of ["/certificates/0000-0000-0000-0000", "/certificates/not-a-code", `/certificates/${id}x`, "/certificates/%E2%80%AE"]) {
    expect((await fetchApp(path)).status, path).toBe(404);
  }
});

test("a certificate stops verifying when its holder's account is deleted", async () => {
  const module = await createLearningModule({ lessons: [{}], quiz: RIGHT });
  const learner = await createSignedInUser();
  await completeLessons(learner.id, module, module.lessonIds);
  await passQuiz(learner.cookie, module, RIGHT);
  const id = (await env.DB.prepare("SELECT id FROM learning_certificates WHERE user_id = ?").bind(learner.id).first<string>("id"))!;
  expect((await fetchApp(`/certificates/${id}`)).status).toBe(200);
  await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(learner.id).run();
  expect((await fetchApp(`/certificates/${id}`)).status).toBe(404);
});
