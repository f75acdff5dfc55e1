import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { moveApplication } from "~/coach-network/applications.server";
import { applicationFields, applicationForm, pdfFile } from "../../factories/applications";
import { createSignedInUser, uniqueEmail } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText, testClientIp } from "../app";
import { deliverJobs, fireCron, holdBatches } from "../queue";

// Applicants' CVs don't outlive their need: they leave the UPLOADS bucket with the applicant's
// account, and 90 days (CV_RETENTION_DAYS) after an application is rejected or withdrawn.

const DAY_MS = 86_400_000;
const DAILY_CRON = "0 16 * * *";

type Row = { id: string; status: string; cv_key: string | null; cv_name: string | null; cv_size: number | null };

/** An application with a CV, submitted through the form; its row. */
async function applyWithCv(email = uniqueEmail("applicant")): Promise<Row> {
  const response = await fetchApp("/coach-registration", {
    body: applicationForm(applicationFields({ email }), pdfFile("Priya Raman CV.pdf")),
    method: "POST",
    ip: testClientIp(),
  });
  expect(response.status).toBe(302);
  await response.body?.cancel();
  const row = await env.DB.prepare("SELECT * FROM coach_applications WHERE email = ?").bind(email.toLowerCase()).first<Row>();
  expect(row?.cv_key).toBeTruthy();
  expect(await env.UPLOADS.head(row!.cv_key!)).not.toBeNull();
  return row!;
}

const rowOf = (id: string) => env.DB.prepare("SELECT * FROM coach_applications WHERE id = ?").bind(id).first<Row>();

/** The daily cron at `at`, and the CV retention job it enqueues, run as the queue runs it. */
async function dailySweepAt(at: number) {
  const held = holdBatches();
  await fireCron(DAILY_CRON, at);
  const sweep = held.filter((job) => (job as { type: string }).type === "coach-network.cv-retention");
  expect(sweep).toEqual([{ type: "coach-network.cv-retention", version: 1, scheduledAt: new Date(at).toISOString() }]);
  const result = await deliverJobs(sweep);
  expect(result.retryMessages).toEqual([]);
}

test("deleting an account deletes the CVs of the applications made with its email", async () => {
  const email = uniqueEmail("applicant");
  const mine = await applyWithCv(email);
  const theirs = await applyWithCv();
  const user = await createSignedInUser({ email });

  const response = await fetchApp("/profile?tab=privacy", { form: { intent: "delete-account", confirm: "DELETE" }, cookie: user.cookie });
  expect(response.status).toBe(302);
  expect(await countRows("users", "id = ?", user.id)).toBe(0);
  expect(await rowOf(mine.id)).toBeNull();
  expect(await env.UPLOADS.head(mine.cv_key!)).toBeNull();
  expect((await env.UPLOADS.list({ prefix: `coach-applications/${mine.id}/` })).objects).toHaveLength(0);
  // Someone else's application and CV stay.
  expect((await rowOf(theirs.id))?.cv_key).toBe(theirs.cv_key);
  expect(await env.UPLOADS.head(theirs.cv_key!)).not.toBeNull();
});

test("the daily cron deletes the CV of an application rejected or withdrawn 90 days ago, keeps the row with a note, and leaves the rest", async () => {
  const context = contextFor();
  const rejected = await applyWithCv();
  await moveApplication(context, { id: rejected.id, to: "under_review", actor: null });
  await moveApplication(context, { id: rejected.id, to: "rejected", actor: null, reason: "We're not taking on coaches in this area." });
  const withdrawn = await applyWithCv();
  await moveApplication(context, { id: withdrawn.id, to: "withdrawn", actor: null });
  const open = await applyWithCv();
  const decidedAt = Date.now();

  // 89 days on: every CV is still there.
  await dailySweepAt(decidedAt + 89 * DAY_MS);
  for (const application of [rejected, withdrawn, open]) {
    expect((await rowOf(application.id))?.cv_key).toBe(application.cv_key);
    expect(await env.UPLOADS.head(application.cv_key!)).not.toBeNull();
  }

  // Past 90 days: the closed applications' CVs go; the rows stay, saying the CV was deleted.
  await dailySweepAt(decidedAt + 90 * DAY_MS + 60_000);
  for (const application of [rejected, withdrawn]) {
    expect(await env.UPLOADS.head(application.cv_key!)).toBeNull();
    expect(await rowOf(application.id)).toMatchObject({
      status: application === rejected ? "rejected" : "withdrawn",
      cv_key: null,
      cv_size: null,
      cv_name: "Priya Raman CV.pdf",
    });
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'coach_application_cv_deleted' AND detail LIKE ?")
      .bind(`%${application.id}%`)
      .first<{ detail: string }>();
    expect(JSON.parse(audit!.detail)).toEqual({ applicationId: application.id, reason: "retention", retentionDays: 90 });
  }
  // An open application keeps its CV, however old.
  expect((await rowOf(open.id))?.cv_key).toBe(open.cv_key);
  expect(await env.UPLOADS.head(open.cv_key!)).not.toBeNull();

  // The admin page says the CV was deleted rather than offering a download; the download is gone.
  const admin = await createSignedInUser({ roles: ["admin"] });
  const page = await pageText(await fetchApp(`/admin/coach-applications/${rejected.id}`, { cookie: admin.cookie }));
  expect(page).toContain("Priya Raman CV.pdf (deleted 90 days after the application closed)");
  expect(page).not.toContain(`/admin/coach-applications/${rejected.id}/cv`);
  const download = await fetchApp(`/admin/coach-applications/${rejected.id}/cv`, { cookie: admin.cookie });
  expect(download.status).toBe(404);
  await download.body?.cancel();

  // A second run finds nothing more to do.
  await dailySweepAt(decidedAt + 91 * DAY_MS);
  expect(await countRows("audit_log", "action = 'coach_application_cv_deleted' AND detail LIKE ?", `%${rejected.id}%`)).toBe(1);
});
