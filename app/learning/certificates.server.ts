import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import { A4, renderPdf, textWidth, wrapText, type PdfPage, type PdfFont } from "~/booking/pdf";
import type { Db } from "~/db/client.server";
import { learningCertificates, learningLessonProgress, learningLessons, learningModules, learningQuestions, learningQuizAttempts, profiles } from "~/db/schema";
import { formatDate } from "~/utils/format";
import { completeModuleIfDone } from "./progress.server";

// Certificates of completion. A learner earns one per module when every published lesson of the
// module is complete and its quiz is passed (a module without a quiz needs only its lessons); it is
// issued once — asking again returns the same certificate — with the name on the learner's profile
// and the module's title as they were that day. Its id is the public verification code
// (/certificates/{id}). The rule is the one progress.server.ts completes a module by (its
// completed_at): issuing completes the module first, so the hub's "done" and the certificate agree.

export type Certificate = typeof learningCertificates.$inferSelect;

/** What stands between the learner and the module's certificate. */
export type CompletionFacts = {
  lessonsTotal: number;
  lessonsComplete: number;
  quizRequired: boolean;
  quizPassed: boolean;
  /** Every published lesson complete, and the quiz passed (when the module has one). */
  complete: boolean;
  /** The name for the certificate (first and last name on the profile), or null when the profile has none. */
  recipientName: string | null;
  certificate: Certificate | null;
};

/** The facts of one learner's completion of a published module (null for an unknown or draft module). */
export async function completionFacts(db: Db, userId: string, moduleId: string): Promise<(CompletionFacts & { moduleTitle: string }) | null> {
  const [modules, lessons, done, quiz, passedAttempts, names, certificates] = await db.batch([
    db
      .select({ title: learningModules.title })
      .from(learningModules)
      .where(and(eq(learningModules.id, moduleId), eq(learningModules.status, "published"))),
    db
      .select({ n: count() })
      .from(learningLessons)
      .where(and(eq(learningLessons.moduleId, moduleId), eq(learningLessons.status, "published"))),
    db
      .select({ n: count() })
      .from(learningLessonProgress)
      .innerJoin(learningLessons, eq(learningLessons.id, learningLessonProgress.lessonId))
      .where(
        and(
          eq(learningLessonProgress.userId, userId),
          eq(learningLessons.moduleId, moduleId),
          eq(learningLessons.status, "published"),
          isNotNull(learningLessonProgress.completedAt),
        ),
      ),
    db
      .select({ n: count() })
      .from(learningQuestions)
      .where(and(eq(learningQuestions.moduleId, moduleId), isNull(learningQuestions.lessonId))),
    db
      .select({ n: count() })
      .from(learningQuizAttempts)
      .where(and(eq(learningQuizAttempts.userId, userId), eq(learningQuizAttempts.moduleId, moduleId), eq(learningQuizAttempts.passed, true))),
    db.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.userId, userId)),
    db
      .select()
      .from(learningCertificates)
      .where(and(eq(learningCertificates.userId, userId), eq(learningCertificates.moduleId, moduleId))),
  ]);
  const module = modules[0];
  if (!module) return null;
  const lessonsTotal = lessons[0]?.n ?? 0;
  const lessonsComplete = done[0]?.n ?? 0;
  const quizRequired = (quiz[0]?.n ?? 0) > 0;
  const quizPassed = (passedAttempts[0]?.n ?? 0) > 0;
  const name = names[0]
    ? [names[0].firstName, names[0].lastName]
        .map((part) => part?.trim() ?? "")
        .filter(Boolean)
        .join(" ")
    : "";
  return {
    moduleTitle: module.title,
    lessonsTotal,
    lessonsComplete,
    quizRequired,
    quizPassed,
    complete: lessonsComplete >= lessonsTotal && (!quizRequired || quizPassed),
    recipientName: name || null,
    certificate: certificates[0] ?? null,
  };
}

// Crockford's base32 (no I, L, O or U): easy to read aloud and to type from a printed page.
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/** A new verification code: 16 random characters (80 bits) in four groups, e.g. "7KQ2-M9XD-4TRB-H1VW". */
export function newCertificateId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = Array.from(bytes, (byte) => CODE_ALPHABET[byte & 31]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join("")).join("-");
}

/** A typed or linked code in its stored form (upper case), or null when it cannot be one. */
export function normaliseCertificateId(input: string | undefined | null): string | null {
  const code = (input ?? "").trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

export type IssueOutcome =
  { status: "issued"; certificate: Certificate } | { status: "incomplete"; facts: CompletionFacts | null } | { status: "needs-name"; facts: CompletionFacts };

/**
 * Issues the learner's certificate for the module when they have earned it; once issued, the same
 * certificate comes back every time (a race between two requests still leaves one row). Completes
 * the module (learning_enrolments.completed_at) by the same rule first.
 */
export async function issueCertificate(db: Db, userId: string, moduleId: string, now: Date): Promise<IssueOutcome> {
  const facts = await completionFacts(db, userId, moduleId);
  if (!facts) return { status: "incomplete", facts: null };
  if (facts.certificate) return { status: "issued", certificate: facts.certificate };
  if (!facts.complete) return { status: "incomplete", facts };
  await completeModuleIfDone(db, userId, moduleId, now);
  if (!facts.recipientName) return { status: "needs-name", facts };
  const issuedAt = now.toISOString();
  const [, rows] = await db.batch([
    db
      .insert(learningCertificates)
      .values({ id: newCertificateId(), userId, moduleId, recipientName: facts.recipientName, moduleTitle: facts.moduleTitle, issuedAt })
      .onConflictDoNothing({ target: [learningCertificates.userId, learningCertificates.moduleId] }),
    db
      .select()
      .from(learningCertificates)
      .where(and(eq(learningCertificates.userId, userId), eq(learningCertificates.moduleId, moduleId))),
  ]);
  const certificate = rows[0];
  if (!certificate) throw new Error("The certificate was not stored");
  return { status: "issued", certificate };
}

/** A certificate by its verification code (any case), or null. */
export async function findCertificate(db: Db, code: string | undefined | null): Promise<Certificate | null> {
  const id = normaliseCertificateId(code);
  if (!id) return null;
  const [row] = await db.select().from(learningCertificates).where(eq(learningCertificates.id, id));
  return row ?? null;
}

/** The learner's own certificate for a module, or null. */
export async function findOwnCertificate(db: Db, userId: string, moduleId: string): Promise<Certificate | null> {
  const [row] = await db
    .select()
    .from(learningCertificates)
    .where(and(eq(learningCertificates.userId, userId), eq(learningCertificates.moduleId, moduleId)));
  return row ?? null;
}

/** The public address that verifies a certificate. */
export const certificateUrl = (siteOrigin: string, id: string) => `${siteOrigin}/certificates/${id}`;

// ── PDF ───────────────────────────────────────────────────────────────────────────────────────────

const ISSUER = "ClarityAI Coaching";

/** The certificate as a one-page A4 PDF: the learner's name, the module, the date and where to verify it. */
export function renderCertificatePdf(certificate: Certificate, siteOrigin: string): Uint8Array<ArrayBuffer> {
  const page: PdfPage = { texts: [], rules: [] };
  const centre = A4.width / 2;
  const centred = (text: string, y: number, size: number, font: PdfFont = "regular") =>
    page.texts.push({ x: centre - textWidth(text, size, font) / 2, y, text, size, font });
  // A double frame around the page.
  for (const [inset, width] of [
    [28, 2],
    [36, 0.75],
  ] as const) {
    const [left, right, bottom, top] = [inset, A4.width - inset, inset, A4.height - inset];
    page.rules.push(
      { x1: left, y1: bottom, x2: right, y2: bottom, width },
      { x1: right, y1: bottom, x2: right, y2: top, width },
      { x1: right, y1: top, x2: left, y2: top, width },
      { x1: left, y1: top, x2: left, y2: bottom, width },
    );
  }
  let y = A4.height - 150;
  centred(ISSUER.toUpperCase(), y, 14, "bold");
  y -= 70;
  centred("Certificate of completion", y, 32, "bold");
  y -= 70;
  centred("This certifies that", y, 14);
  y -= 50;
  for (const line of wrapText(certificate.recipientName, 28, A4.width - 160, "bold")) {
    centred(line, y, 28, "bold");
    y -= 36;
  }
  page.rules.push({ x1: centre - 150, y1: y + 20, x2: centre + 150, y2: y + 20, width: 0.75 });
  y -= 24;
  centred("has completed the learning module", y, 14);
  y -= 40;
  for (const line of wrapText(certificate.moduleTitle, 20, A4.width - 160, "bold")) {
    centred(line, y, 20, "bold");
    y -= 28;
  }
  y -= 16;
  centred(`on ${formatDate(certificate.issuedAt)}`, y, 14);
  const url = certificateUrl(siteOrigin, certificate.id);
  centred(`Certificate ID ${certificate.id}`, 130, 11, "bold");
  centred(`Check that this certificate is genuine at ${url}`, 112, 10);
  centred(`${ISSUER} · Learning hub`, 80, 9);
  return renderPdf([page], { title: `Certificate of completion: ${certificate.moduleTitle}`, author: ISSUER });
}

/** The certificate as a PDF download answer (the learner's own: never cached). */
export function certificatePdfResponse(certificate: Certificate, moduleId: string, siteOrigin: string): Response {
  return new Response(new Uint8Array(renderCertificatePdf(certificate, siteOrigin)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificate-${moduleId}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
