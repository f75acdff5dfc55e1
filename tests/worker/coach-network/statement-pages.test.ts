import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { MYOB_COLUMNS, XERO_COLUMNS } from "~/coach-network/statement-documents.server";
import { issueStatementFor } from "~/coach-network/statements.server";
import { createUser, webSession } from "../../factories/users";
import { seedCompletedSessions, setCoachTaxProfile } from "../../factories/earnings";
import { fetchApp, pageText } from "../app";
import { recordContext } from "../meetings/session-record-helpers";
import { ensureCatalogue } from "../../factories/bookings";

// The statement's pages and downloads: what an RCTI and a payment statement say, the CSV and the
// Xero import adding up to the statement, and another coach's statement not found anywhere.

const CRON_RUN = "2026-11-30T16:00:00.000Z";

async function coachWithStatement(tax: Parameters<typeof setCoachTaxProfile>[1]) {
  await ensureCatalogue();
  const coach = await createUser({ roles: ["coach"], firstName: "Casey", lastName: "Coach" });
  await setCoachTaxProfile(coach.id, tax);
  await seedCompletedSessions(coach.id, 3, "2026-11-20T00:00:00.000Z", 15_000);
  await seedCompletedSessions(coach.id, 1, "2026-11-21T00:00:00.000Z", 22_500);
  expect(await issueStatementFor(recordContext(CRON_RUN), coach.id, "2026-11")).toBe("issued");
  const statement = await env.DB.prepare("SELECT * FROM coach_statements WHERE coach_id = ?")
    .bind(coach.id)
    .first<{ id: string; number: string; share_cents: number; share_gst_cents: number; total_cents: number; gross_cents: number }>();
  return { coach, cookie: await webSession(coach), statement: statement! };
}

test("an RCTI says so, names both parties with their ABNs and says the GST is payable by the supplier; issued the day after the month", async () => {
  const { cookie, statement } = await coachWithStatement({
    gstRegistered: true,
    rctiUntil: "2027-11-01T00:00:00.000Z",
    legalName: "Casey Coach Consulting Pty Ltd",
  });
  const response = await fetchApp(`/coach/statements/${statement.id}`, { cookie });
  expect(response.status).toBe(200);
  const text = await pageText(response);
  expect(text).toContain("Recipient created tax invoice");
  expect(text).toContain("The GST shown is payable by the supplier.");
  expect(text).toContain("Casey Coach Consulting Pty Ltd");
  expect(text).toContain("ABN 51 824 753 556");
  expect(text).toContain("ClarityAI Coaching");
  expect(text).toContain("ABN 52 674 318 905");
  expect(text).toMatch(/<dt>Issued<\/dt><dd>1 December 2026<\/dd>/);
  expect(text).toContain(statement.number);
  expect(text).toContain("rounding half a cent up");
  expect(text).toContain("package's price divided by its number of sessions");

  const pdf = await fetchApp(`/coach/statements/${statement.id}.pdf`, { cookie });
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  const bytes = new TextDecoder("latin1").decode(await pdf.arrayBuffer());
  expect(bytes.startsWith("%PDF-")).toBe(true);
  expect(bytes).toContain("(Recipient created tax invoice)");
  expect(bytes).toContain("(The GST shown is payable by the supplier.)");
});

test("a payment statement for a coach not registered for GST, with no RCTI wording", async () => {
  const { cookie, statement } = await coachWithStatement({ gstRegistered: false });
  const text = await pageText(await fetchApp(`/coach/statements/${statement.id}`, { cookie }));
  expect(text).toContain("Payment statement");
  expect(text).toContain("not a tax invoice");
  expect(text).not.toContain("Recipient created tax invoice");
  expect(text).not.toContain("payable by the supplier");
});

test("the CSV and the Xero import add up to the statement to the cent", async () => {
  const { cookie, statement } = await coachWithStatement({ gstRegistered: true, rctiUntil: "2027-11-01T00:00:00.000Z" });
  const csv = await fetchApp(`/coach/statements/${statement.id}.csv`, { cookie });
  expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  const rows = (await csv.text()).trim().split("\r\n");
  expect(rows).toHaveLength(1 + 4 + 1);
  const cents = (value: string) => Math.round(Number(value) * 100);
  const lineShares = rows.slice(1, -1).map((row) => cents(row.split(",").at(-3)!));
  expect(lineShares.reduce((a, b) => a + b, 0)).toBe(statement.share_cents);
  const totals = rows.at(-1)!.split(",");
  expect(cents(totals.at(-1)!)).toBe(statement.total_cents);
  expect(cents(totals.at(-2)!)).toBe(statement.share_gst_cents);
  expect(cents(totals[4]!)).toBe(statement.gross_cents);

  const xero = await fetchApp(`/coach/statements/${statement.id}/xero.csv`, { cookie });
  expect(xero.status).toBe(200);
  const lines = (await xero.text()).trim().split("\r\n");
  expect(lines[0]).toBe(XERO_COLUMNS.join(","));
  const unit = XERO_COLUMNS.indexOf("*UnitAmount");
  const tax = XERO_COLUMNS.indexOf("*TaxType");
  const body = lines.slice(1).map((line) => line.split(","));
  expect(body).toHaveLength(4);
  expect(body.map((cells) => cents(cells[unit]!)).reduce((a, b) => a + b, 0)).toBe(statement.share_cents);
  expect(new Set(body.map((cells) => cells[tax]))).toEqual(new Set(["GST on Income"]));
  expect(new Set(body.map((cells) => cells[XERO_COLUMNS.indexOf("*InvoiceDate")]))).toEqual(new Set(["01/12/2026"]));
});

test("the MYOB service-sale import of an RCTI and of a payment statement adds up to the statement to the cent", async () => {
  const cents = (value: string) => Math.round(Number(value) * 100);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const column = (name: (typeof MYOB_COLUMNS)[number]) => MYOB_COLUMNS.indexOf(name);
  for (const [tax, taxCode] of [
    [{ gstRegistered: true, rctiUntil: "2027-11-01T00:00:00.000Z" }, "GST"],
    [{ gstRegistered: false }, "N-T"],
  ] as const) {
    const { cookie, statement } = await coachWithStatement(tax);
    const response = await fetchApp(`/coach/statements/${statement.id}/myob.txt`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="statement-${statement.number}-myob-import.txt"`);
    const text = await response.text();
    // A header record, a record per line, then the blank record that ends the sale.
    expect(text.endsWith("\r\n\r\n")).toBe(true);
    const records = text.split("\r\n").slice(0, -2);
    expect(records[0]).toBe(MYOB_COLUMNS.join("\t"));
    const body = records.slice(1).map((record) => record.split("\t"));
    expect(body).toHaveLength(4);
    for (const cells of body) expect(cells).toHaveLength(MYOB_COLUMNS.length);
    expect(sum(body.map((cells) => cents(cells[column("Amount")]!)))).toBe(statement.share_cents);
    expect(sum(body.map((cells) => cents(cells[column("GST Amount")]!)))).toBe(statement.share_gst_cents);
    expect(sum(body.map((cells) => cents(cells[column("Inc-Tax Amount")]!)))).toBe(statement.total_cents);
    for (const cells of body) {
      expect(cents(cells[column("Amount")]!) + cents(cells[column("GST Amount")]!)).toBe(cents(cells[column("Inc-Tax Amount")]!));
    }
    expect(new Set(body.map((cells) => cells[column("Tax Code")]))).toEqual(new Set([taxCode]));
    expect(new Set(body.map((cells) => cells[column("Date")]))).toEqual(new Set(["01/12/2026"]));
    expect(new Set(body.map((cells) => cells[column("Invoice #")]))).toEqual(new Set([statement.number]));
    expect(new Set(body.map((cells) => cells[column("Co./Last Name")]))).toEqual(new Set(["ClarityAI Coaching"]));
    expect(new Set(body.map((cells) => cells[column("Sale Status")]))).toEqual(new Set(["I"]));
    if (taxCode === "N-T") expect(statement.share_gst_cents).toBe(0);
    else expect(statement.share_gst_cents).toBeGreaterThan(0);

    const page = await pageText(await fetchApp(`/coach/statements/${statement.id}`, { cookie }));
    expect(page).toContain(`href="/coach/statements/${statement.id}/myob.txt"`);
    expect(page).toContain("Import Data, Sales, Service Sales");
  }
});

test("another coach's statement, a made-up id and a malformed one are not found on every URL; a client is kept out", async () => {
  const { statement } = await coachWithStatement({ gstRegistered: false });
  const other = await createUser({ roles: ["coach"] });
  const otherCookie = await webSession(other);
  for (const suffix of ["", ".pdf", ".csv", "/xero.csv", "/myob.txt"]) {
    expect((await fetchApp(`/coach/statements/${statement.id}${suffix}`, { cookie: otherCookie })).status).toBe(404);
    expect((await fetchApp(`/coach/statements/${crypto.randomUUID()}${suffix}`, { cookie: otherCookie })).status).toBe(404);
    expect((await fetchApp(`/coach/statements/not-an-id${suffix}`, { cookie: otherCookie })).status).toBe(404);
  }
  const client = await createUser({ roles: ["client"] });
  const asClient = await fetchApp(`/coach/statements/${statement.id}`, { cookie: await webSession(client) });
  expect([302, 303, 403, 404]).toContain(asClient.status);
  expect(await pageText(asClient)).not.toContain(statement.number);
});

test("/coach/earnings lists this month's lines and the statements, and the month-to-date share", async () => {
  await ensureCatalogue();
  const coach = await createUser({ roles: ["coach"] });
  await setCoachTaxProfile(coach.id);
  await seedCompletedSessions(coach.id, 2, new Date().toISOString());
  const response = await fetchApp("/coach/earnings", { cookie: await webSession(coach) });
  expect(response.status).toBe(200);
  const text = await pageText(response);
  expect(text).toContain("Each completed session and refund this month");
  expect(text).toContain("A$231.82");
  expect(text).toContain("No statements yet");
  expect(text).toContain("48 more completed sessions until you earn 90%");
});
