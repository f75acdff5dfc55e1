import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { APPLICATION_EMAIL_LIMIT, APPLICATION_SOURCE_LIMIT, applicationToken } from "~/coach-network/applications.server";
import { CV_MAX_BYTES } from "~/coach-network/applications";
import { applicationFields, applicationForm, docxFile, pdfFile, zipFile, type ApplicationFields } from "../../factories/applications";
import { outboxTo } from "../../factories/emails";
import { uniqueEmail } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText, testClientIp } from "../app";

// /coach-registration: the application through the Worker as a browser posts it — validation with
// nothing stored on bad input, the CV checked from its bytes and its size, the limits per source and
// per email, one open application per email, and the confirmation on screen and by email.

type Row = Record<string, string | number | null>;

async function applicationsOf(email: string) {
  const { results } = await env.DB.prepare("SELECT * FROM coach_applications WHERE email = ? ORDER BY created_at").bind(email.toLowerCase()).all<Row>();
  return results;
}

function submit(form: FormData, ip?: string) {
  return fetchApp("/coach-registration", { method: "POST", body: form, ip });
}

async function r2Keys(id: string) {
  const listed = await env.UPLOADS.list({ prefix: `coach-applications/${id}/` });
  return listed.objects.map((object) => object.key);
}

test("a complete application with a PDF CV is stored, its CV kept in R2, and confirmed on screen and by email with a signed link", async () => {
  const fields = applicationFields();
  const email = String(fields.email);
  const response = await submit(applicationForm(fields, pdfFile("Priya Raman CV.pdf")));
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/coach-registration\/a1\.[0-9a-f-]{36}\.[\w-]+\?submitted=new$/);

  const [row] = await applicationsOf(email);
  expect(row).toMatchObject({
    status: "submitted",
    first_name: "Priya",
    last_name: "Raman",
    state: "VIC",
    time_zone: "Australia/Melbourne",
    abn: "51824753556",
    gst_registered: 1,
    specialties: '["strategic-planning","operational-improvement"]',
    industries: '["Retail and e-commerce","Hospitality and food"]',
    years_experience: 12,
    hours_per_week: 10,
    cv_name: "Priya Raman CV.pdf",
    cv_type: "application/pdf",
    cv_size: 2048,
  });
  const id = String(row!.id);
  expect(location).toContain(await applicationToken(contextFor(), id));
  expect(await r2Keys(id)).toEqual([row!.cv_key]);
  const stored = await env.UPLOADS.get(String(row!.cv_key));
  expect(new TextDecoder().decode((await stored!.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

  const page = await fetchApp(location);
  expect(page.status).toBe(200);
  expect(page.headers.get("Cache-Control")).toBe("private, no-store");
  const text = await pageText(page);
  expect(text).toContain("Application received — thank you");
  expect(text).toContain(email);
  expect(text).toContain("Withdraw my application");

  const [confirmation] = await outboxTo(email);
  expect(confirmation!.subject).toBe("We've received your coach application");
  expect(confirmation!.text_body).toContain(`Your application: ${contextFor().siteOrigin}${location.split("?")[0]}`);
  expect(await countRows("coach_application_events", "application_id = ? AND to_status = 'submitted' AND actor_id IS NULL", id)).toBe(1);
  expect(await countRows("audit_log", "action = 'coach_application_submitted' AND json_extract(detail, '$.applicationId') = ?", id)).toBe(1);
});

test("bad input gets a clear message on each field, a 400, and nothing stored — no row, no file, no email", async () => {
  const cases: [string, ApplicationFields, string, string][] = [
    ["no first name", { firstName: "" }, "firstName", "Enter your first name"],
    ["a bad email", { email: "not-an-email" }, "email", "Enter an email address like name@example.com.au"],
    ["a short phone", { phone: "1234" }, "phone", "Enter a phone number like 0412 345 678"],
    ["no state", { state: "" }, "state", "Choose your state or territory"],
    ["an unknown zone", { timeZone: "Europe/London" }, "timeZone", "Choose your time zone"],
    ["an ABN failing its checksum", { abn: "51 824 753 557" }, "abn", "That isn't a valid ABN"],
    ["GST without an ABN", { abn: "", gstRegistered: "yes" }, "abn", "You're registered for GST, so enter your ABN"],
    ["no GST answer", { gstRegistered: "" }, "gstRegistered", "Tell us whether you're registered for GST"],
    ["no specialty", { specialties: [] }, "specialties", "Choose at least one specialty"],
    ["an unknown specialty", { specialties: ["astrology"] }, "specialties", "Choose specialties from the list"],
    ["no industry", { industries: [] }, "industries", "Choose at least one industry"],
    ["experience in words", { yearsExperience: "ten" }, "yearsExperience", "Enter your years of experience as a whole number"],
    ["too many hours", { hoursPerWeek: "80" }, "hoursPerWeek", "Enter between 1 and 60 hours a week"],
    ["no qualifications", { qualifications: "  " }, "qualifications", "Enter your qualifications"],
    ["a bio too short", { bio: "I coach." }, "bio", "Write at least 80 characters"],
    ["an expired policy", { insuranceExpiresOn: "2020-01-31" }, "insuranceExpiresOn", "That policy has expired"],
    ["an insurer without expiry", { insuranceExpiresOn: "" }, "insuranceExpiresOn", "Enter the date your policy expires"],
    ["a website that isn't one", { website: "javascript:alert(1)" }, "website", "Enter a full web address starting with https://"],
    ["the terms not agreed", { terms: "" }, "terms", "Agree to the coach terms to apply"],
  ];
  for (const [label, overrides, field, message] of cases) {
    const fields = applicationFields(overrides);
    const response = await submit(applicationForm(fields, pdfFile()));
    expect(response.status, label).toBe(400);
    const html = await response.text();
    expect(html, label).toContain(`id="field-${field}-error"`);
    expect(html.replaceAll("&#x27;", "'"), label).toContain(message);
    expect(await applicationsOf(String(fields.email)), label).toEqual([]);
    expect(await outboxTo(String(fields.email)), label).toEqual([]);
  }
  // What was typed comes back, so a page without JavaScript keeps it.
  const fields = applicationFields({ bio: "Too short", firstName: "Mereana" });
  const html = await (await submit(applicationForm(fields))).text();
  expect(html).toContain('value="Mereana"');
  expect(html).toContain(String(fields.email));
});

test("the CV's type is read from its bytes: a PDF or Word document passes whatever its name, anything else is refused by name", async () => {
  // A Word document, and a PDF called .docx: each stored as what its bytes are.
  for (const [file, type] of [
    [docxFile("Résumé.docx"), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    [pdfFile("renamed.docx"), "application/pdf"],
  ] as const) {
    const fields = applicationFields();
    const response = await submit(applicationForm(fields, file));
    expect(response.status, file.name).toBe(302);
    const [row] = await applicationsOf(String(fields.email));
    expect(row!.cv_type, file.name).toBe(type);
    expect((await env.UPLOADS.head(String(row!.cv_key)))?.httpMetadata?.contentType).toBe(type);
  }
  // Text called .pdf, a spreadsheet called .docx, an empty file: refused, and nothing kept.
  for (const file of [
    new File(["<html><script>alert(1)</script></html>"], "cv.pdf", { type: "application/pdf" }),
    zipFile("cv.docx", ["[Content_Types].xml", "xl/workbook.xml"]),
    new File([new Uint8Array(0)], "empty.pdf", { type: "application/pdf" }),
  ]) {
    const fields = applicationFields();
    const response = await submit(applicationForm(fields, file));
    expect(response.status, file.name).toBe(400);
    const html = (await response.text()).replaceAll("&#x27;", "'");
    expect(html, file.name).toContain('id="field-cv-error"');
    expect(html, file.name).toMatch(/isn't a PDF or Word \(\.docx\) document|That file is empty/);
    expect(await applicationsOf(String(fields.email)), file.name).toEqual([]);
  }
});

test("a CV over 5 MB is refused with a field error, and a body far over it is refused before it is read", async () => {
  const fields = applicationFields();
  const response = await submit(applicationForm(fields, pdfFile("big.pdf", CV_MAX_BYTES + 1)));
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("That file is larger than 5 MB");
  expect(await applicationsOf(String(fields.email))).toEqual([]);

  // Exactly 5 MB is allowed.
  const atLimit = applicationFields();
  expect((await submit(applicationForm(atLimit, pdfFile("five.pdf", CV_MAX_BYTES)))).status).toBe(302);
  expect((await applicationsOf(String(atLimit.email)))[0]!.cv_size).toBe(CV_MAX_BYTES);

  const huge = applicationFields();
  const tooLarge = await submit(applicationForm(huge, pdfFile("huge.pdf", 7 * 1024 * 1024)));
  expect(tooLarge.status).toBe(413);
  expect(await tooLarge.text()).toContain("That file is too large");
  expect(await applicationsOf(String(huge.email))).toEqual([]);
  // Other pages still take small forms only.
  const contact = await fetchApp("/contact", { method: "POST", body: applicationForm(applicationFields(), pdfFile("x.pdf", 100 * 1024)) });
  expect(contact.status).toBe(413);
});

test("a second application from the same email updates the open one (and its CV) instead of making another; once closed, a new one is made", async () => {
  const email = uniqueEmail("twice");
  const first = await submit(applicationForm(applicationFields({ email }), pdfFile("first.pdf")));
  expect(first.status).toBe(302);
  const [original] = await applicationsOf(email);
  const oldKey = String(original!.cv_key);

  const again = await submit(
    applicationForm(applicationFields({ email: email.toUpperCase(), hoursPerWeek: "20", lastName: "Raman-Smith" }), docxFile("second.docx")),
  );
  expect(again.status).toBe(302);
  expect(again.headers.get("Location")).toMatch(/\?submitted=updated$/);
  const rows = await applicationsOf(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: original!.id, hours_per_week: 20, last_name: "Raman-Smith", cv_name: "second.docx", status: "submitted" });
  expect(await env.UPLOADS.head(oldKey)).toBeNull();
  expect(await r2Keys(String(original!.id))).toEqual([rows[0]!.cv_key]);
  const page = await pageText(await fetchApp(again.headers.get("Location")!));
  expect(page).toContain("Your application has been updated");
  expect((await outboxTo(email)).map((mail) => mail.subject)).toEqual(["Your coach application has been updated", "We've received your coach application"]);

  // Without a new CV, the update keeps the one on file.
  await submit(applicationForm(applicationFields({ email, hoursPerWeek: "5" })));
  expect((await applicationsOf(email))[0]).toMatchObject({ hours_per_week: 5, cv_name: "second.docx" });

  // Withdrawn: the next application is a new one.
  const token = await applicationToken(contextFor(), String(original!.id));
  expect((await fetchApp(`/coach-registration/${token}`, { method: "POST", form: { intent: "withdraw" } })).status).toBe(302);
  await submit(applicationForm(applicationFields({ email })));
  expect((await applicationsOf(email)).map((row) => row.status)).toEqual(["withdrawn", "submitted"]);
});

test("abuse limits: a source may send a few applications an hour, and an address a few a day from anywhere", async () => {
  for (let i = 0; i < APPLICATION_SOURCE_LIMIT.limit; i++) expect((await submit(applicationForm())).status).toBe(302);
  const refused = applicationFields();
  const response = await submit(applicationForm(refused));
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await response.text()).toContain("We&#x27;ve had too many applications from your connection");
  expect(await applicationsOf(String(refused.email))).toEqual([]);

  const email = uniqueEmail("persistent");
  for (let i = 0; i < APPLICATION_EMAIL_LIMIT.limit; i++) {
    expect((await submit(applicationForm(applicationFields({ email })), testClientIp(`elsewhere-${i}`))).status).toBe(302);
  }
  const fromNewPlace = await submit(applicationForm(applicationFields({ email, hoursPerWeek: "40" })), testClientIp("yet-another"));
  expect(fromNewPlace.status).toBe(429);
  expect(await fromNewPlace.text()).toContain("from this email address");
  expect((await applicationsOf(email))[0]!.hours_per_week).toBe(10);
});

test("a filled honeypot stores nothing and answers as if it worked", async () => {
  const fields = applicationFields({ leave_blank: "http://spam.example" });
  const response = await submit(applicationForm(fields));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/become-coach");
  expect(await applicationsOf(String(fields.email))).toEqual([]);
  expect(await outboxTo(String(fields.email))).toEqual([]);
});

test("the application's page needs its signed link: a tampered or made-up token is not found", async () => {
  const fields = applicationFields();
  const location = (await submit(applicationForm(fields))).headers.get("Location")!.split("?")[0]!;
  const [, , token] = location.split("/");
  const [version, id, mac] = token!.split(".");
  const forged = [`${version}.${id}.${mac!.slice(0, -2)}xx`, `${version}.${crypto.randomUUID()}.${mac}`, "a1.not-a-uuid.abc", "nonsense"];
  for (const bad of forged) {
    expect((await fetchApp(`/coach-registration/${bad}`)).status, bad).toBe(404);
    expect((await fetchApp(`/coach-registration/${bad}`, { method: "POST", form: { intent: "withdraw" } })).status, bad).toBe(404);
  }
  expect((await applicationsOf(String(fields.email)))[0]!.status).toBe("submitted");
});
