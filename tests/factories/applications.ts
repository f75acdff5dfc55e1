import { env } from "cloudflare:workers";
import type { CoachApplicationStatus } from "~/db/schema";
import { uniqueEmail } from "./users";

// Coach applications: the form as a browser posts it, the files an applicant attaches, and rows
// made straight in D1 at any status.

/** A valid ABN (the register's own example). */
export const VALID_ABN = "51 824 753 556";

/** A year from now, as the date input sends it. */
export function nextYear(): string {
  return new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
}

export type ApplicationFields = Record<string, string | string[]>;

/** Every field of a valid application (a new address unless given); `overrides` replace or (with "") blank fields. */
export function applicationFields(overrides: ApplicationFields = {}): ApplicationFields {
  return {
    firstName: "Priya",
    lastName: "Raman",
    email: uniqueEmail("applicant"),
    phone: "0412 345 678",
    state: "VIC",
    timeZone: "Australia/Melbourne",
    abn: VALID_ABN,
    gstRegistered: "yes",
    specialties: ["strategic-planning", "operational-improvement"],
    industries: ["Retail and e-commerce", "Hospitality and food"],
    yearsExperience: "12",
    qualifications: "MBA (Melbourne Business School); ICF Professional Certified Coach",
    memberships: "ICF Australia",
    insurer: "Coverwell Insurance",
    insuranceExpiresOn: nextYear(),
    website: "https://www.linkedin.com/in/priya-raman",
    bio: "I've spent twelve years helping owners of cafés, shops and trades businesses get their margins, rosters and cash flow under control.",
    hoursPerWeek: "10",
    terms: "yes",
    ...overrides,
  };
}

/** The application as a multipart form, with a CV when given. */
export function applicationForm(fields: ApplicationFields = applicationFields(), cv?: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  if (cv) form.append("cv", cv);
  return form;
}

const encoder = new TextEncoder();

/** A small PDF (its bytes say so, whatever it is called). */
export function pdfFile(name = "cv.pdf", size = 2048): File {
  const head = encoder.encode("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj << /Type /Catalog >> endobj\n");
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  bytes.set(encoder.encode("\n%%EOF\n"), bytes.length - 7);
  return new File([bytes], name, { type: "application/pdf" });
}

/** A ZIP archive holding the given entry names (stored, not compressed): a Word document when one is word/document.xml. */
export function zipFile(name: string, entries: string[], type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"): File {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    const nameBytes = encoder.encode(entry);
    const header = new Uint8Array(30 + nameBytes.length);
    header.set([0x50, 0x4b, 0x03, 0x04, 20, 0]);
    new DataView(header.buffer).setUint16(26, nameBytes.length, true);
    header.set(nameBytes, 30);
    parts.push(header, encoder.encode("<xml/>"));
  }
  return new File(parts as BlobPart[], name, { type });
}

export const docxFile = (name = "cv.docx") => zipFile(name, ["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);

/** An application row straight in D1, at the given status. */
export async function createApplication({
  email = uniqueEmail("applicant"),
  status = "submitted",
  firstName = "Sam",
  lastName = "Nguyen",
  cvKey = null,
}: { email?: string; status?: CoachApplicationStatus; firstName?: string; lastName?: string; cvKey?: string | null } = {}) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO coach_applications (id, email, first_name, last_name, phone, state, time_zone, abn, gst_registered, specialties, industries,
        years_experience, qualifications, bio, hours_per_week, terms_version, terms_accepted_at, cv_key, cv_name, cv_type, cv_size, status, submitted_at, updated_at)
       VALUES (?, ?, ?, ?, '0400 000 000', 'QLD', 'Australia/Brisbane', '51824753556', 1, '["digital-systems"]', '["Retail and e-commerce"]', 8, 'CPA', ?, 12, '2026-11', ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      email.toLowerCase(),
      firstName,
      lastName,
      "A practical coach for owners of growing businesses, with eight years of hands-on advisory work in Queensland.",
      now,
      cvKey,
      cvKey ? "cv.pdf" : null,
      cvKey ? "application/pdf" : null,
      cvKey ? 2048 : null,
      status,
      now,
      now,
    ),
    env.DB.prepare("INSERT INTO coach_application_events (id, application_id, from_status, to_status, created_at) VALUES (?, ?, NULL, 'submitted', ?)").bind(
      crypto.randomUUID(),
      id,
      now,
    ),
  ]);
  return { id, email: email.toLowerCase(), firstName, lastName };
}
