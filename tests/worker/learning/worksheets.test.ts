import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "vitest";
import { listSharedArtefacts } from "~/learning/worksheets/store.server";
import { createBooking } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { createLearningModule } from "../../factories/learning";
import { createSignedInUser } from "../../factories/users";
import { contextFor, fetchApp } from "../app";

// A lesson's worksheet: saved per learner (checked field by field; nothing half-written), downloaded
// as XLSX/CSV/PDF/text, shared with the learner's own coach (who downloads it) and no one else.

const FORECAST = { kind: "cash-flow-forecast", title: "Your 13-week cash-flow forecast" } as const;
const PRICING = { kind: "pricing-calculator", title: "Price it with GST" } as const;
const SOP = { kind: "sop", title: "Write your first SOP" } as const;
const JSON_ACCEPT = { Accept: "application/json" };

async function worksheetLessons() {
  const module = await createLearningModule({ lessons: [{ worksheet: FORECAST }, { worksheet: PRICING }, { worksheet: SOP }, { worksheet: null }] });
  const [forecast, pricing, sop, plain] = module.lessonIds as [string, string, string, string];
  return { forecast, pricing, sop, plain };
}

const forecastForm = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  openingBalance: "12,000",
  firstWeekStarting: "2026-07-06",
  minimumBuffer: "5000",
  "receipts.0.label": "Takings",
  ...Object.fromEntries(Array.from({ length: 13 }, (_, w) => [`receipts.0.amounts.${w}`, "9000.10"])),
  "payments.0.label": "Wages and super",
  ...Object.fromEntries(Array.from({ length: 13 }, (_, w) => [`payments.0.amounts.${w}`, "6200"])),
  "payments.1.label": "BAS",
  "payments.1.amounts.4": "14,000",
  ...overrides,
});

async function storedAnswers(userId: string, lessonId: string) {
  return env.DB.prepare("SELECT kind, answers FROM learning_worksheets WHERE user_id = ? AND lesson_id = ?")
    .bind(userId, lessonId)
    .first<{ kind: string; answers: string }>();
}

test("a forecast saves, and its XLSX and CSV carry the owner's lines, the totals and the lowest week", async () => {
  const { forecast } = await worksheetLessons();
  const user = await createSignedInUser();
  const saved = await fetchApp(`/learning/lesson/${forecast}/worksheet`, { cookie: user.cookie, form: forecastForm(), headers: JSON_ACCEPT });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toMatchObject({ ok: true, message: "Saved." });
  const stored = await storedAnswers(user.id, forecast);
  expect(stored?.kind).toBe("cash-flow-forecast");
  expect(JSON.parse(stored!.answers)).toMatchObject({
    openingBalance: 12000,
    receipts: [{ label: "Takings" }],
    payments: [{ label: "Wages and super" }, { label: "BAS" }],
  });

  const xlsx = await fetchApp(`/learning/lesson/${forecast}/worksheet/xlsx`, { cookie: user.cookie });
  expect(xlsx.status).toBe(200);
  expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  expect(xlsx.headers.get("Content-Disposition")).toBe('attachment; filename="your-13-week-cash-flow-forecast.xlsx"');
  const files = unzipSync(new Uint8Array(await xlsx.arrayBuffer()));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/workbook.xml",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/worksheets/sheet1.xml",
    ]),
  );
  const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]!);
  expect(sheet).toContain(">Takings<");
  expect(sheet).toContain("<f>SUM(B10:N10)</f><v>117001.3</v>");
  // Week 5 closes lowest: 12,000 + 5 × (9,000.10 − 6,200) − 14,000 = 12,000.50.
  expect(sheet).toMatch(/<f>MIN\(B\d+:N\d+\)<\/f><v>12000\.5<\/v>/);
  expect(sheet).toMatch(/<f>MATCH\(MIN\(B\d+:N\d+\),B\d+:N\d+,0\)<\/f><v>5<\/v>/);

  const csv = await fetchApp(`/learning/lesson/${forecast}/worksheet/csv`, { cookie: user.cookie });
  expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  const rows = (await csv.text()).trimEnd().split("\r\n");
  expect(rows[0]!.split(",")[1]).toBe("Week 1 (6 July)");
  expect(rows).toContain("Total receipts,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,117001.30");
  expect(
    rows
      .find((row) => row.startsWith("Closing balance,"))!
      .split(",")
      .slice(1, 6),
  ).toEqual(["14800.10", "17600.20", "20400.30", "23200.40", "12000.50"]);
  expect(rows.at(-1)).toBe("Lowest closing balance,Week 5,12000.50");
});

test("a bad answer is reported against its field and nothing is written; without JavaScript the lesson says so", async () => {
  const { forecast } = await worksheetLessons();
  const user = await createSignedInUser();
  expect((await fetchApp(`/learning/lesson/${forecast}/worksheet`, { cookie: user.cookie, form: forecastForm(), headers: JSON_ACCEPT })).status).toBe(200);
  const before = await storedAnswers(user.id, forecast);

  const refused = await fetchApp(`/learning/lesson/${forecast}/worksheet`, {
    cookie: user.cookie,
    form: forecastForm({ "receipts.0.amounts.3": "lots", "payments.2.amounts.0": "50", "payments.2.label": "" }),
    headers: JSON_ACCEPT,
  });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({
    ok: false,
    message: "One answer needs a fix before we can save.",
    errors: { "receipts.0.amounts.3": "Enter an amount in dollars (0 or more), like 1250 or 1250.50" },
  });
  expect(await storedAnswers(user.id, forecast)).toEqual(before);

  const plain = await fetchApp(`/learning/lesson/${forecast}/worksheet`, { cookie: user.cookie, form: forecastForm({ openingBalance: "a lot" }) });
  expect(plain.status).toBe(302);
  expect(plain.headers.get("Location")).toBe(`/learning/lesson/${forecast}#worksheet`);
  expect(plain.headers.get("Set-Cookie")).toContain("__Host-toast=");
  expect(await storedAnswers(user.id, forecast)).toEqual(before);

  const unknownIntent = await fetchApp(`/learning/lesson/${forecast}/worksheet`, { cookie: user.cookie, form: { intent: "delete" }, headers: JSON_ACCEPT });
  expect(unknownIntent.status).toBe(400);
});

test("the pricing calculator's CSV has the GST-inclusive price to the cent; a SOP downloads as PDF and text", async () => {
  const { pricing, sop } = await worksheetLessons();
  const user = await createSignedInUser();
  const form = { intent: "save", item: "A bathroom tile", "costs.0.label": "Stock", "costs.0.amount": "33.33", targetMarginPercent: "33", gstRegistered: "on" };
  expect((await fetchApp(`/learning/lesson/${pricing}/worksheet`, { cookie: user.cookie, form, headers: JSON_ACCEPT })).status).toBe(200);
  const csv = await (await fetchApp(`/learning/lesson/${pricing}/worksheet/csv`, { cookie: user.cookie })).text();
  const rows = csv.trimEnd().split("\r\n");
  expect(rows).toContain("Price ex GST,49.75");
  expect(rows).toContain("GST (10%),4.98");
  expect(rows).toContain("Price inc GST,54.73");
  expect((await fetchApp(`/learning/lesson/${pricing}/worksheet/xlsx`, { cookie: user.cookie })).status).toBe(404);

  const sopForm = {
    intent: "save",
    title: "Sending a quote",
    purpose: "Quotes out within a day.",
    owner: "Office manager",
    trigger: "A request comes in",
    steps: "Open the template\nPrice the job\nSend it",
    checks: "Sent within 24 hours",
  };
  expect((await fetchApp(`/learning/lesson/${sop}/worksheet`, { cookie: user.cookie, form: sopForm, headers: JSON_ACCEPT })).status).toBe(200);
  const pdf = await fetchApp(`/learning/lesson/${sop}/worksheet/pdf`, { cookie: user.cookie });
  expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  const bytes = new Uint8Array(await pdf.arrayBuffer());
  expect(new TextDecoder("latin1").decode(bytes.slice(0, 5))).toBe("%PDF-");
  const text = await (await fetchApp(`/learning/lesson/${sop}/worksheet/txt`, { cookie: user.cookie })).text();
  expect(text).toContain("Sending a quote\n");
  expect(text).toContain("Steps\n-----\n1. Open the template\n2. Price the job\n3. Send it");
});

test("unknown, draft and worksheet-less lessons and unknown formats are the 404; a locked lesson's worksheet is refused; a visitor signs in", async () => {
  const { forecast, plain } = await worksheetLessons();
  const draft = await createLearningModule({ status: "draft", lessons: [{ worksheet: FORECAST }] });
  const locked = await createLearningModule({ access: "package", lessons: [{ worksheet: FORECAST }] });
  const user = await createSignedInUser();
  for (const path of [
    `/learning/lesson/nope/worksheet/xlsx`,
    `/learning/lesson/${draft.lessonIds[0]}/worksheet/xlsx`,
    `/learning/lesson/${plain}/worksheet/pdf`,
    `/learning/lesson/${forecast}/worksheet/pdf`,
  ]) {
    expect((await fetchApp(path, { cookie: user.cookie })).status, path).toBe(404);
  }
  expect((await fetchApp(`/learning/lesson/nope/worksheet`, { cookie: user.cookie, form: forecastForm(), headers: JSON_ACCEPT })).status).toBe(404);
  expect(
    (await fetchApp(`/learning/lesson/${locked.lessonIds[0]}/worksheet`, { cookie: user.cookie, form: forecastForm(), headers: JSON_ACCEPT })).status,
  ).toBe(403);
  expect(await storedAnswers(user.id, locked.lessonIds[0]!)).toBeNull();
  expect((await fetchApp(`/learning/lesson/${locked.lessonIds[0]}/worksheet/xlsx`, { cookie: user.cookie })).status).toBe(403);
  const visitor = await fetchApp(`/learning/lesson/${forecast}/worksheet/xlsx`);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toMatch(/^\/auth/);
});

test("shared with the learner's coach: that coach lists and downloads the snapshot; another coach sees nothing", async () => {
  const { forecast } = await worksheetLessons();
  const client = await createSignedInUser({ roles: ["client"] });
  const coach = await createSignedInCoach({ name: "Priya Natarajan" });
  const other = await createSignedInCoach();
  await createBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    name: "Client",
    status: "completed",
    startsAt: new Date(Date.now() - 86_400_000).toISOString(),
  });
  const url = `/learning/lesson/${forecast}/worksheet`;

  const early = await fetchApp(url, { cookie: client.cookie, form: { intent: "share", coachId: coach.id }, headers: JSON_ACCEPT });
  expect(early.status).toBe(400);
  expect(await early.json()).toMatchObject({ message: "Save your worksheet first, then share it." });

  expect((await fetchApp(url, { cookie: client.cookie, form: forecastForm(), headers: JSON_ACCEPT })).status).toBe(200);
  const stranger = await fetchApp(url, { cookie: client.cookie, form: { intent: "share", coachId: other.id }, headers: JSON_ACCEPT });
  expect(stranger.status).toBe(400);
  const shared = await fetchApp(url, { cookie: client.cookie, form: { intent: "share", coachId: coach.id }, headers: JSON_ACCEPT });
  expect(shared.status).toBe(200);

  // The snapshot stays as shared when the client changes their answers later.
  expect((await fetchApp(url, { cookie: client.cookie, form: forecastForm({ "receipts.0.label": "Changed later" }), headers: JSON_ACCEPT })).status).toBe(200);

  const listed = await listSharedArtefacts(contextFor().db, coach.id, client.id);
  expect(listed).toHaveLength(1);
  expect(listed[0]).toMatchObject({ lessonId: forecast, kind: "cash-flow-forecast", title: FORECAST.title });
  expect(listed[0]!.downloads.map((d) => d.format)).toEqual(["xlsx", "csv"]);
  const href = listed[0]!.downloads[0]!.href;
  expect(href).toBe(`/coach/clients/${client.id}/artefacts/${listed[0]!.id}/xlsx`);
  const file = await fetchApp(href, { cookie: coach.cookie });
  expect(file.status).toBe(200);
  const sheet = strFromU8(unzipSync(new Uint8Array(await file.arrayBuffer()))["xl/worksheets/sheet1.xml"]!);
  expect(sheet).toContain(">Takings<");
  expect(sheet).not.toContain("Changed later");

  expect(await listSharedArtefacts(contextFor().db, other.id, client.id)).toEqual([]);
  expect((await fetchApp(href, { cookie: other.cookie })).status).toBe(404);
  expect((await fetchApp(`/coach/clients/${client.id}/artefacts/${listed[0]!.id}/pdf`, { cookie: coach.cookie })).status).toBe(404);
  expect((await fetchApp(href, { cookie: client.cookie })).status).toBe(302);
});
