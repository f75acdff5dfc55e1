import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createLead } from "../../factories/leads";
import { createSignedInUser } from "../../factories/users";
import { countRows, fetchApp, pageText } from "../app";

// /admin/leads: the admins' lead list (search, filters, CSV) and a lead's page (its activities, and
// the status, owner and notes kept on it). Driven through the Worker as a browser would.

/** A tag unique to one test, in lower case, for its leads' names and addresses. */
function uniqueTag() {
  return `t${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`;
}

function attribution(source: string, medium: string, campaign: string, landingPage = "/services/business-coaching") {
  const touch = { source, medium, campaign, landingPage, at: "2026-11-14T04:12:00.000Z" };
  return JSON.stringify({ v: 1, sessionId: crypto.randomUUID(), first: { ...touch, campaign: `${campaign}-first` }, last: touch, touches: 2, gpc: false });
}

async function leadRow(id: string) {
  return env.DB.prepare("SELECT status, owner_id, notes, updated_at FROM leads WHERE id = ?").bind(id).first<Record<string, string | null>>();
}

async function leadAudits(leadId: string) {
  const { results } = await env.DB.prepare("SELECT actor_id, detail FROM audit_log WHERE action = 'lead_updated' AND target_id = ? ORDER BY created_at")
    .bind(leadId)
    .all<{ actor_id: string; detail: string }>();
  return results.map((row) => ({ actorId: row.actor_id, ...(JSON.parse(row.detail) as Record<string, unknown>) }));
}

const listHas = (html: string, leadId: string) => html.includes(`/admin/leads/${leadId}"`);

/** The table row of one lead in the list's HTML ("" when it is not listed). */
function rowOf(html: string, leadId: string): string {
  return (
    html
      .split("<tr>")
      .find((row) => row.includes(`/admin/leads/${leadId}"`))
      ?.split("</tr>")[0] ?? ""
  );
}

test("visitors, clients and coaches get no lead data from the list, a lead's page, its forms or the CSV", async () => {
  const tag = uniqueTag();
  const lead = await createLead({ name: `Secret ${tag}`, email: `${tag}@example.com.au` });
  const [client, coach] = await Promise.all([createSignedInUser({ roles: ["client"] }), createSignedInUser({ roles: ["coach"] })]);
  const personas = [
    { name: "visitor", cookie: undefined, location: /^\/auth\?redirectTo=/ },
    { name: "client", cookie: client.cookie, location: /^\/$/ },
    { name: "coach", cookie: coach.cookie, location: /^\/$/ },
  ];
  for (const persona of personas) {
    for (const path of ["/admin/leads", `/admin/leads?q=${tag}`, `/admin/leads/${lead.id}`, `/admin/leads.csv?q=${tag}`]) {
      const response = await fetchApp(path, { cookie: persona.cookie });
      expect(response.status, `${persona.name} GET ${path}`).toBe(302);
      expect(response.headers.get("Location"), `${persona.name} GET ${path}`).toMatch(persona.location);
      const body = await response.text();
      expect(body).not.toContain(tag);
    }
    // The lead's data alone, as a client-side navigation asks for it.
    const data = await fetchApp(`/admin/leads/${lead.id}.data?_routes=${encodeURIComponent("routes/admin.leads.$id")}`, { cookie: persona.cookie });
    expect(await data.text()).not.toContain(tag);
    for (const fields of [
      { intent: "update-status", status: "won" },
      { intent: "assign-owner", ownerId: coach.id },
      { intent: "save-notes", notes: "Not allowed" },
    ] as Record<string, string>[]) {
      const response = await fetchApp(`/admin/leads/${lead.id}`, { cookie: persona.cookie, form: fields });
      expect(response.status, `${persona.name} POST ${fields.intent}`).toBe(302);
      expect(response.headers.get("Location")).toMatch(persona.location);
    }
  }
  expect(await leadRow(lead.id)).toMatchObject({ status: "new", owner_id: null, notes: null });
  expect(await leadAudits(lead.id)).toEqual([]);
});

test("the list shows each lead's details, and search and every filter narrow it", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const coach = await createSignedInUser({ roles: ["coach"] });
  const tag = uniqueTag();
  // A: a contact enquiry, then a booking; no attribution, no consent, unassigned, new.
  const a = await createLead({ name: `Alice ${tag}`, company: "Harbour Bakery", email: `alice.${tag}@example.com.au` });
  await env.DB.prepare("INSERT INTO lead_activities (id, lead_id, source, message, created_at) VALUES (?, ?, 'booking', 'Keen for a call', ?)")
    .bind(crypto.randomUUID(), a.id, new Date(Date.now() + 1000).toISOString())
    .run();
  // B: a Service Assistant conversation from a Google Ads click; contacted, owned by the coach, consented.
  const b = await createLead({
    name: "Bruno Costa",
    company: `Costa ${tag.toUpperCase()} Tiling`,
    email: `bruno.${tag}@example.com.au`,
    source: "service-chat",
    attribution: attribution("google", "cpc", `spring-${tag}`),
  });
  await env.DB.prepare(
    "UPDATE leads SET status = 'contacted', owner_id = ?, marketing_consent_at = '2026-11-14T04:22:00.000Z', marketing_consent_source = 'service-chat' WHERE id = ?",
  )
    .bind(coach.id, b.id)
    .run();
  // C: found by its address only; a resource download; lost.
  const c = await createLead({ name: "Chris Ode", email: `chris.${tag}@example.com.au`, source: "resource" });
  await env.DB.prepare("UPDATE leads SET status = 'lost' WHERE id = ?").bind(c.id).run();

  const list = async (search: string) => {
    const response = await fetchApp(`/admin/leads?${search}`, { cookie: admin.cookie });
    expect(response.status, search).toBe(200);
    return pageText(response);
  };
  const found = async (search: string) => {
    const html = await list(search);
    return [a, b, c].filter((lead) => listHas(html, lead.id)).map((lead) => lead.name.split(" ")[0]);
  };

  // Search: name, company or address, in any case.
  const all = await list(`q=${tag.toUpperCase()}`);
  expect([a, b, c].every((lead) => listHas(all, lead.id))).toBe(true);
  expect(await found(`q=alice ${tag}`)).toEqual(["Alice"]);
  expect(await found(`q=${encodeURIComponent(`costa ${tag} tiling`)}`)).toEqual(["Bruno"]);
  expect(await found(`q=chris.${tag}@EXAMPLE`)).toEqual(["Chris"]);
  // Each filter, beside the search so other tests' leads stay out.
  expect(await found(`q=${tag}&status=new`)).toEqual(["Alice"]);
  expect(await found(`q=${tag}&status=contacted`)).toEqual(["Bruno"]);
  expect(await found(`q=${tag}&status=won`)).toEqual([]);
  expect(await found(`q=${tag}&source=booking`)).toEqual(["Alice"]);
  expect(await found(`q=${tag}&source=contact`)).toEqual(["Alice"]);
  expect(await found(`q=${tag}&source=service-chat`)).toEqual(["Bruno"]);
  expect(await found(`q=${tag}&owner=${coach.id}`)).toEqual(["Bruno"]);
  expect(await found(`q=${tag}&owner=unassigned`)).toEqual(["Alice", "Chris"]);
  expect(await found(`q=${tag}&owner=unassigned&source=resource&status=lost`)).toEqual(["Chris"]);
  expect(await list(`q=${tag}&status=won`)).toContain("No leads match these filters.");

  // The row's columns: sources, last touch (or "(direct)"), consent, status, owner, last activity in Sydney time.
  const html = await list(`q=${tag}&owner=${coach.id}`);
  const bruno = rowOf(html, b.id);
  expect(bruno).toContain("Bruno Costa");
  expect(bruno).toContain(`Costa ${tag.toUpperCase()} Tiling`);
  expect(bruno).toContain(`bruno.${tag}@example.com.au`);
  expect(bruno).toContain("<li>Service Assistant</li>");
  expect(bruno).toContain("google / cpc");
  expect(bruno).toContain(`spring-${tag}`);
  expect(bruno).not.toContain(`spring-${tag}-first`);
  expect(bruno).toContain("Confirmed 14 November 2026");
  expect(bruno).toContain("Contacted");
  expect(bruno).toContain('<td data-label="Owner">Test User</td>');
  expect(bruno).toMatch(/\d{1,2}:\d{2}\s?[ap]m (AEST|AEDT)/);
  const alice = rowOf(await list(`q=alice ${tag}`), a.id);
  expect(alice).toContain("(direct) / (none)");
  expect(alice).toContain("<li>Contact form</li><li>Booking or payment</li>");
  expect(alice).toContain(">Unassigned<");
  expect(alice).toContain('<td data-label="Marketing consent">No</td>');
  // Asked, and waiting for the address to confirm.
  await env.DB.prepare(
    "INSERT INTO marketing_consent_requests (id, lead_id, source, requested_at, expires_at) VALUES (?, ?, 'Contact form', '2026-11-20T01:00:00.000Z', '2999-01-01T00:00:00.000Z')",
  )
    .bind(crypto.randomUUID(), a.id)
    .run();
  expect(rowOf(await list(`q=alice ${tag}`), a.id)).toContain("Pending since 20 November 2026");
  expect(alice).toContain(">New<");

  // The table is labelled, says how many match, and the CSV link keeps the filters.
  expect(html).toMatch(/<caption[^>]*>Leads matching the filters<\/caption>/);
  expect(html).toContain("Showing 1–1 of 1 matching");
  expect(html).toContain(`href="/admin/leads.csv?q=${tag}&owner=${coach.id}"`);

  // A filter edited into the address: 400 with the reason, and no rows.
  for (const [search, message] of [
    ["status=archived", "Choose a status from the list."],
    ["source=fax", "Choose a source from the list."],
    ["owner=%3Cscript%3E", "Choose an owner from the list."],
    [`q=${"x".repeat(101)}`, "Search for 100 characters or fewer."],
  ] as const) {
    const response = await fetchApp(`/admin/leads?${search}`, { cookie: admin.cookie });
    expect(response.status, search).toBe(400);
    const body = await pageText(response);
    expect(body).toContain(message);
    expect(body).not.toContain(`/admin/leads/${a.id}`);
  }
});

test("the list is paged, most recently active first", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const tag = uniqueTag();
  const leads = [];
  for (let i = 0; i < 27; i++) {
    const lead = await createLead({ name: `Paged ${tag} ${i}`, email: `p${i}.${tag}@example.com.au` });
    await env.DB.prepare("UPDATE leads SET last_activity_at = ? WHERE id = ?")
      .bind(new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), lead.id)
      .run();
    leads.push(lead);
  }
  const first = await pageText(await fetchApp(`/admin/leads?q=${tag}`, { cookie: admin.cookie }));
  expect(first).toContain("Showing 1–25 of 27 matching");
  expect(first).toContain("Page 1 of 2");
  // Newest first: 26 down to 2 on page 1, then 1 and 0.
  expect(first.indexOf(leads[26]!.id)).toBeLessThan(first.indexOf(leads[25]!.id));
  expect(listHas(first, leads[2]!.id)).toBe(true);
  expect(listHas(first, leads[1]!.id)).toBe(false);
  const second = await pageText(await fetchApp(`/admin/leads?q=${tag}&page=2`, { cookie: admin.cookie }));
  expect([leads[1], leads[0]].every((lead) => listHas(second, lead!.id))).toBe(true);
  expect(listHas(second, leads[2]!.id)).toBe(false);
});

test("a lead's page shows its activities newest first, with attribution, message and the transcript as text", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const tag = uniqueTag();
  const lead = await createLead({ name: `Dana ${tag}`, email: `dana.${tag}@example.com.au`, message: `Please call me ${tag}` });
  await env.DB.prepare("UPDATE lead_activities SET created_at = '2026-11-01T00:00:00.000Z' WHERE id = ?").bind(lead.activityId).run();
  const transcript = JSON.stringify([
    { role: "user", content: `Do you coach cafés? <script>alert("${tag}")</script>` },
    { role: "assistant", content: "**Offline assistant:** Yes, we do." },
  ]);
  await env.DB.prepare(
    "INSERT INTO lead_activities (id, lead_id, source, conversation_key, transcript, page_path, attribution, created_at) VALUES (?, ?, 'service-chat', 'k1', ?, '/services/business-coaching', ?, '2026-11-14T04:20:00.000Z')",
  )
    .bind(crypto.randomUUID(), lead.id, transcript, attribution("google", "cpc", `spring-${tag}`))
    .run();

  const response = await fetchApp(`/admin/leads/${lead.id}`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain(`Dana ${tag}`);
  const chat = html.indexOf("Service Assistant conversation");
  const message = html.indexOf(`Please call me ${tag}`);
  expect(chat).toBeGreaterThan(0);
  expect(message).toBeGreaterThan(chat);
  expect(html).toContain("/services/business-coaching");
  expect(html).toContain(`google / cpc / spring-${tag}-first`);
  expect(html).toContain(`google / cpc / spring-${tag}`);
  expect(html).toContain("Visitor");
  expect(html).toContain("**Offline assistant:** Yes, we do.");
  // The visitor's words are text: the markup is escaped, never run.
  expect(html).toContain(`&lt;script&gt;alert("${tag}")&lt;/script&gt;`);
  expect(html).not.toContain(`<script>alert("${tag}")`);
  // The older contact enquiry has no attribution.
  expect(html).toContain("(direct)");
});

test("status, owner and notes are saved and audited, and shown after a reload", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const coach = await createSignedInUser({ roles: ["coach"] });
  const lead = await createLead();
  const path = `/admin/leads/${lead.id}`;

  const status = await fetchApp(path, { cookie: admin.cookie, form: { intent: "update-status", status: "contacted" } });
  expect(status.status).toBe(302);
  expect(status.headers.get("Location")).toBe(path);
  const owner = await fetchApp(path, { cookie: admin.cookie, form: { intent: "assign-owner", ownerId: coach.id } });
  expect(owner.status).toBe(302);
  const notes = "Called on Tuesday.\r\nSending a proposal on Friday.";
  const saved = await fetchApp(path, { cookie: admin.cookie, form: { intent: "save-notes", notes } });
  expect(saved.status).toBe(302);

  expect(await leadRow(lead.id)).toMatchObject({ status: "contacted", owner_id: coach.id, notes: "Called on Tuesday.\nSending a proposal on Friday." });
  expect(await leadAudits(lead.id)).toEqual([
    { actorId: admin.id, targetType: "lead", changes: { status: { from: "new", to: "contacted" } } },
    { actorId: admin.id, targetType: "lead", changes: { owner: { from: null, to: coach.id } } },
    // That they changed only: the notes themselves stay out of the audit log.
    { actorId: admin.id, targetType: "lead", changes: { notes: { from: "(hidden)", to: "(hidden)" } } },
  ]);

  const html = await pageText(await fetchApp(path, { cookie: admin.cookie }));
  expect(html).toContain("Sending a proposal on Friday.");
  expect(html).toContain('<option value="contacted" selected="">Contacted</option>');
  expect(html).toContain(`<option value="${coach.id}" selected=""`);

  // The same again changes nothing and adds no audit entry; unassigning is a change.
  expect((await fetchApp(path, { cookie: admin.cookie, form: { intent: "update-status", status: "contacted" } })).status).toBe(302);
  expect(await leadAudits(lead.id)).toHaveLength(3);
  expect((await fetchApp(path, { cookie: admin.cookie, form: { intent: "assign-owner", ownerId: "" } })).status).toBe(302);
  expect(await leadRow(lead.id)).toMatchObject({ owner_id: null });
  expect(await leadAudits(lead.id)).toHaveLength(4);
});

test("a bad status, an unknown or non-team owner, or notes too long are refused with 400 and nothing written", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const client = await createSignedInUser({ roles: ["client"] });
  const lead = await createLead();
  const path = `/admin/leads/${lead.id}`;
  const before = await leadRow(lead.id);
  for (const [fields, message] of [
    [{ intent: "update-status", status: "archived" }, "Choose a status from the list."],
    [{ intent: "update-status" }, "Choose a status from the list."],
    [{ intent: "assign-owner", ownerId: crypto.randomUUID() }, "Choose an owner from the list"],
    [{ intent: "assign-owner", ownerId: client.id }, "Choose an owner from the list"],
    [{ intent: "assign-owner", ownerId: "<b>x</b>" }, "Choose an owner from the list."],
    [{ intent: "save-notes", notes: "n".repeat(5001) }, "Keep the notes to 5,000 characters or fewer."],
    [{ intent: "delete-lead" }, "That action isn't available."],
  ] as const) {
    const response = await fetchApp(path, { cookie: admin.cookie, form: fields });
    expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    expect(await pageText(response)).toContain(message);
  }
  expect(await leadRow(lead.id)).toEqual(before);
  expect(await leadAudits(lead.id)).toEqual([]);
  // Exactly 5,000 characters is accepted.
  expect((await fetchApp(path, { cookie: admin.cookie, form: { intent: "save-notes", notes: "n".repeat(5000) } })).status).toBe(302);
});

test("an unknown lead is 404, for its page and its forms", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const before = await countRows("audit_log", "action = 'lead_updated'");
  for (const id of [crypto.randomUUID(), "x".repeat(150)]) {
    expect((await fetchApp(`/admin/leads/${id}`, { cookie: admin.cookie })).status).toBe(404);
    for (const fields of [
      { intent: "update-status", status: "won" },
      { intent: "assign-owner", ownerId: "" },
      { intent: "save-notes", notes: "Hello" },
    ] as Record<string, string>[]) {
      expect((await fetchApp(`/admin/leads/${id}`, { cookie: admin.cookie, form: fields })).status, fields.intent).toBe(404);
    }
  }
  expect(await countRows("audit_log", "action = 'lead_updated'")).toBe(before);
});

test("the CSV has the header and the filtered leads, and neutralises cells a spreadsheet would run", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const tag = uniqueTag();
  const formula = await createLead({
    name: `=HYPERLINK("https://evil.example/${tag}","Click")`,
    email: `formula.${tag}@example.com.au`,
    company: `+${tag} Pty`,
  });
  await env.DB.prepare("UPDATE leads SET notes = '@SUM(1+1)', status = 'won' WHERE id = ?").bind(formula.id).run();
  const chat = await createLead({
    name: `Evan ${tag}`,
    email: `evan.${tag}@example.com.au`,
    source: "service-chat",
    attribution: attribution("google", "cpc", `spring-${tag}`),
  });
  const other = await createLead({ name: `Other ${tag}`, email: `other.${tag}@example.com.au` });
  await env.DB.prepare("UPDATE leads SET status = 'lost' WHERE id = ?").bind(other.id).run();

  const response = await fetchApp(`/admin/leads.csv?q=${tag}&status=won`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe(
    "ID,Name,Email,Company,Phone,Business type,Status,Owner,Sources,Marketing consent at (Sydney),Marketing consent source,First seen (Sydney),Last activity (Sydney),Last-touch source,Last-touch medium,Last-touch campaign,Notes",
  );
  expect(lines.filter(Boolean)).toHaveLength(2);
  const row = lines[1]!;
  expect(
    row.startsWith(`${formula.id},"'=HYPERLINK(""https://evil.example/${tag}"",""Click"")",formula.${tag}@example.com.au,'+${tag} Pty,,,won,,contact,,,`),
  ).toBe(true);
  expect(row).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\(direct\),\(none\),\(not set\),'@SUM\(1\+1\)$/);

  // Every lead of the search, across the list's pages, with the last touch of its newest enquiry.
  const all = (await (await fetchApp(`/admin/leads.csv?q=${tag}`, { cookie: admin.cookie })).text()).split("\r\n").filter(Boolean);
  expect(all).toHaveLength(4);
  expect(all.find((line) => line.startsWith(chat.id))).toContain(`service-chat,,,`);
  expect(all.find((line) => line.startsWith(chat.id))).toContain(`,google,cpc,spring-${tag},`);

  // A filter edited into the address: 400 with the reason.
  const bad = await fetchApp("/admin/leads.csv?status=archived", { cookie: admin.cookie });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("Choose a status from the list.");
});
