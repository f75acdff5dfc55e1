import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { ANON_KEY, expiredToken, signedInClient, supabaseClient } from "./client";
import { createUser } from "../../factories/users";
import { ISO_TIMESTAMP, countRows, fetchApp } from "../app";

// /rest/v1 through supabase-js (postgrest-js) itself, and raw requests for what a client library
// would never send. Storage is shared by the tests of this file: every test makes its own users.

const PROFILE_COLUMNS = ["abn", "business_type", "company", "created_at", "first_name", "industry", "last_name", "state", "updated_at", "user_id"];

async function errorBody(response: Response) {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["code", "details", "hint", "message"]);
  return body;
}

test("user_roles: a user reads their own roles, and nothing of another user's", async () => {
  const coach = await createUser({ roles: ["coach", "client"] });
  const other = await createUser({ roles: ["admin"] });
  const { client } = await signedInClient(coach.email);

  const own = await client.from("user_roles").select("role").eq("user_id", coach.id);
  expect(own.error).toBeNull();
  expect(own.status).toBe(200);
  expect((own.data ?? []).map((row) => row.role).sort()).toEqual(["client", "coach"]);

  const theirs = await client.from("user_roles").select("role").eq("user_id", other.id);
  expect(theirs).toMatchObject({ error: null, data: [], status: 200 });
  // No filter at all still shows only the caller's rows.
  const all = await client.from("user_roles").select("user_id, role");
  expect(new Set((all.data ?? []).map((row) => row.user_id))).toEqual(new Set([coach.id]));
});

test("user_roles: the anon key alone reads an empty list", async () => {
  const user = await createUser({ roles: ["admin"] });
  const { data, error, status } = await supabaseClient().from("user_roles").select("role").eq("user_id", user.id);
  expect({ data, error, status }).toEqual({ data: [], error: null, status: 200 });
  const raw = await fetchApp(`/rest/v1/user_roles?select=role&user_id=eq.${user.id}`, { headers: { apikey: ANON_KEY } });
  expect(raw.status).toBe(200);
  expect(await raw.json()).toEqual([]);
});

test("profiles: maybeSingle gives the own row, null for another user's, null when there is none; single errors with PGRST116", async () => {
  const user = await createUser();
  const other = await createUser();
  const { client } = await signedInClient(user.email);

  const own = await client.from("profiles").select().eq("user_id", user.id).maybeSingle();
  expect(own.error).toBeNull();
  expect(Object.keys(own.data!).sort()).toEqual(PROFILE_COLUMNS);
  expect(own.data).toMatchObject({ user_id: user.id, first_name: "Test", last_name: "User", industry: null, abn: null });
  expect(own.data!.created_at).toMatch(ISO_TIMESTAMP);

  const industry = await client.from("profiles").select("industry").eq("user_id", user.id).single();
  expect(industry).toMatchObject({ error: null, data: { industry: null }, status: 200 });

  expect(await client.from("profiles").select().eq("user_id", other.id).maybeSingle()).toMatchObject({ data: null, error: null });

  await env.DB.prepare("DELETE FROM profiles WHERE user_id = ?").bind(user.id).run();
  expect(await client.from("profiles").select().eq("user_id", user.id).maybeSingle()).toMatchObject({ data: null, error: null });
  const single = await client.from("profiles").select().eq("user_id", user.id).single();
  expect(single.status).toBe(406);
  expect(single.error).toMatchObject({ code: "PGRST116", details: "The result contains 0 rows", message: "Cannot coerce the result to a single JSON object" });

  // The object media type PostgREST's own clients send for .single() and for older .maybeSingle().
  const raw = await fetchApp(`/rest/v1/profiles?user_id=eq.${other.id}`, {
    token: (await signedInClient(user.email)).session.access_token,
    headers: { apikey: ANON_KEY, Accept: "application/vnd.pgrst.object+json" },
  });
  expect(raw.status).toBe(406);
  expect(await errorBody(raw)).toMatchObject({ code: "PGRST116" });
});

test("profiles: filters, ordering, renaming and stripped nulls work on the caller's row", async () => {
  const user = await createUser();
  const { client } = await signedInClient(user.email);
  const renamed = await client
    .from("profiles")
    .select("given:first_name, last_name")
    .ilike("first_name", "te%")
    .neq("last_name", "Other")
    .order("created_at", { ascending: false })
    .limit(5);
  expect(renamed).toMatchObject({ error: null, data: [{ given: "Test", last_name: "User" }] });
  expect(await client.from("profiles").select("user_id").in("first_name", ["Nobody", "Else"])).toMatchObject({ error: null, data: [] });
  expect(await client.from("profiles").select("user_id").is("industry", null).not("first_name", "like", "X*")).toMatchObject({ data: [{ user_id: user.id }] });
  const count = await client.from("profiles").select("user_id", { count: "exact" });
  expect(count).toMatchObject({ error: null, count: 1 });
  const stripped = await client.from("profiles").select("first_name, industry").stripNulls();
  expect(stripped).toMatchObject({ error: null, data: [{ first_name: "Test" }] });
});

test("profiles upsert: the own row is written and returned; another user's row is refused with 42501 and nothing is written", async () => {
  const user = await createUser();
  const other = await createUser();
  const { client } = await signedInClient(user.email);

  const saved = await client
    .from("profiles")
    .upsert(
      { user_id: user.id, first_name: " Ada ", industry: "Retail", business_type: "Retail and e-commerce", state: "VIC", abn: "51 824 753 556" },
      { onConflict: "user_id" },
    )
    .select()
    .single();
  expect(saved.error).toBeNull();
  expect(saved.status).toBe(201);
  expect(saved.data).toMatchObject({ user_id: user.id, first_name: "Ada", last_name: "User", industry: "Retail", state: "VIC", abn: "51824753556" });
  const stored = await env.DB.prepare("SELECT first_name, last_name, industry, abn FROM profiles WHERE user_id = ?").bind(user.id).first();
  expect(stored).toEqual({ first_name: "Ada", last_name: "User", industry: "Retail", abn: "51824753556" });

  // Without .select(): return=minimal, no body.
  const minimal = await client.from("profiles").upsert({ user_id: user.id, company: "Ada's Bakery" });
  expect(minimal).toMatchObject({ error: null, data: null, status: 201 });
  expect(await env.DB.prepare("SELECT company FROM profiles WHERE user_id = ?").bind(user.id).first("company")).toBe("Ada's Bakery");

  const foreign = await client.from("profiles").upsert({ user_id: other.id, first_name: "Mallory" }, { onConflict: "user_id" }).select();
  expect(foreign.status).toBe(403);
  expect(foreign.error).toMatchObject({ code: "42501", message: 'new row violates row-level security policy for table "profiles"' });
  expect(await env.DB.prepare("SELECT first_name FROM profiles WHERE user_id = ?").bind(other.id).first("first_name")).toBe("Test");

  // An array with the caller's row and another user's: refused as a whole.
  const mixed = await client.from("profiles").upsert([
    { user_id: user.id, first_name: "Half" },
    { user_id: other.id, first_name: "Written" },
  ]);
  expect(mixed.error).toMatchObject({ code: "42501" });
  expect(await env.DB.prepare("SELECT first_name FROM profiles WHERE user_id = ?").bind(user.id).first("first_name")).toBe("Ada");
});

test("profiles upsert: only the editable columns, with the profile form's rules", async () => {
  const user = await createUser();
  const { client } = await signedInClient(user.email);
  const before = await env.DB.prepare("SELECT * FROM profiles WHERE user_id = ?").bind(user.id).first();

  const cases: [Record<string, unknown>, number, string][] = [
    [{ user_id: user.id, created_at: "2000-01-01T00:00:00Z" }, 403, "42501"],
    [{ user_id: user.id, role: "admin" }, 400, "PGRST204"],
    [{ user_id: user.id, abn: "12 345 678 901" }, 400, "23514"],
    [{ user_id: user.id, state: "Queensland" }, 400, "23514"],
    [{ user_id: user.id, first_name: "x".repeat(101) }, 400, "23514"],
    [{ user_id: user.id, first_name: 42 }, 400, "23514"],
    [{ user_id: user.id, first_name: "a\u0000b" }, 400, "22P05"],
    [{ first_name: "No owner" }, 400, "23502"],
    [{ user_id: "not-a-uuid" }, 400, "22P02"],
  ];
  for (const [row, status, code] of cases) {
    const result = await client.from("profiles").upsert(row).select();
    expect({ row, status: result.status, code: result.error?.code }).toEqual({ row, status, code });
  }
  const foreignOwner = await client.from("profiles").upsert({ user_id: crypto.randomUUID(), first_name: "Ghost" });
  expect(foreignOwner.error).toMatchObject({ code: "42501" });
  expect(await env.DB.prepare("SELECT * FROM profiles WHERE user_id = ?").bind(user.id).first()).toEqual(before);
  expect(await countRows("user_roles", "user_id = ?", user.id)).toBe(0);
});

test("profiles: plain insert over an existing row is a 409; ignore-duplicates leaves it alone; a missing row is created", async () => {
  const user = await createUser();
  const { client } = await signedInClient(user.email);
  const insert = await client.from("profiles").insert({ user_id: user.id, first_name: "Twice" });
  expect(insert.status).toBe(409);
  expect(insert.error).toMatchObject({ code: "23505" });
  const ignored = await client.from("profiles").upsert({ user_id: user.id, first_name: "Ignored" }, { ignoreDuplicates: true }).select();
  expect(ignored).toMatchObject({ error: null, data: [], status: 201 });

  await env.DB.prepare("DELETE FROM profiles WHERE user_id = ?").bind(user.id).run();
  const created = await client.from("profiles").upsert({ user_id: user.id, industry: "Hospitality" }).select().single();
  expect(created.data).toMatchObject({ user_id: user.id, first_name: null, industry: "Hospitality" });
  expect(await countRows("profiles", "user_id = ?", user.id)).toBe(1);
});

test("user_roles cannot be written by a client, signed in or not", async () => {
  const user = await createUser({ roles: ["client"] });
  const { client } = await signedInClient(user.email);
  const insert = await client.from("user_roles").insert({ user_id: user.id, role: "admin" });
  expect(insert.status).toBe(403);
  expect(insert.error).toMatchObject({ code: "42501", message: "permission denied for table user_roles" });
  const remove = await client.from("user_roles").delete().eq("user_id", user.id);
  expect(remove.error).toMatchObject({ code: "42501" });
  const anon = await supabaseClient().from("user_roles").insert({ user_id: user.id, role: "admin" });
  expect(anon.status).toBe(401);
  expect(await countRows("user_roles", "user_id = ?", user.id)).toBe(1);
});

test("rpc ensure_user_profile: creates the caller's profile once from the sign-up names, is idempotent, refuses another user's id", async () => {
  const user = await createUser();
  const other = await createUser();
  await env.DB.prepare("DELETE FROM profiles WHERE user_id IN (?, ?)").bind(user.id, other.id).run();
  const { client } = await signedInClient(user.email);

  const first = await client.rpc("ensure_user_profile", { user_id_param: user.id });
  expect(first.error).toBeNull();
  expect(first.data).toMatchObject({ user_id: user.id, first_name: "Test", last_name: "User" });
  expect(Object.keys(first.data as object).sort()).toEqual(PROFILE_COLUMNS);
  const again = await client.rpc("ensure_user_profile", { user_id_param: user.id.toUpperCase() }).single();
  expect(again).toMatchObject({ error: null, data: first.data });
  expect(await countRows("profiles", "user_id = ?", user.id)).toBe(1);

  const foreign = await client.rpc("ensure_user_profile", { user_id_param: other.id });
  expect(foreign.status).toBe(403);
  expect(foreign.error).toMatchObject({ code: "42501" });
  const anon = await supabaseClient().rpc("ensure_user_profile", { user_id_param: other.id });
  expect(anon.status).toBe(401);
  expect(await countRows("profiles", "user_id = ?", other.id)).toBe(0);

  const unknown = await client.rpc("make_me_admin", { user_id_param: user.id });
  expect(unknown.status).toBe(404);
  expect(unknown.error).toMatchObject({ code: "PGRST202" });
  const wrongArgs = await client.rpc("ensure_user_profile", { user_id: user.id });
  expect(wrongArgs.error).toMatchObject({ code: "PGRST202" });
  const get = await client.rpc("ensure_user_profile", { user_id_param: user.id }, { get: true });
  expect(get.status).toBe(405);
});

test("unknown tables, columns, operators and malformed filters answer PostgREST's 4xx errors", async () => {
  const user = await createUser();
  const { client, session } = await signedInClient(user.email);

  const table = await client.from("users").select();
  expect(table.status).toBe(404);
  expect(table.error).toMatchObject({ code: "PGRST205", message: "Could not find the table 'public.users' in the schema cache" });
  const column = await client.from("profiles").select("password_hash");
  expect(column.status).toBe(400);
  expect(column.error).toMatchObject({ code: "42703", message: "column profiles.password_hash does not exist" });
  const filterColumn = await client.from("profiles").select().eq("email", "a@b.c");
  expect(filterColumn.error).toMatchObject({ code: "42703" });
  const operator = await client.from("profiles").select().filter("first_name", "cs", "{a}");
  expect(operator.status).toBe(400);
  expect(operator.error).toMatchObject({ code: "PGRST100" });

  const raw: [string, string, number, string][] = [
    ["GET", `/rest/v1/profiles?user_id=${user.id}`, 400, "PGRST100"],
    ["GET", "/rest/v1/profiles?user_id=foo.bar", 400, "PGRST100"],
    ["GET", "/rest/v1/profiles?first_name=in.(a,b", 400, "PGRST100"],
    ["GET", "/rest/v1/profiles?or=(first_name.eq.a,first_name.eq.b)", 400, "PGRST100"],
    ["GET", "/rest/v1/profiles?select=roles(*)", 400, "PGRST100"],
    ["GET", "/rest/v1/profiles?order=first_name.sideways", 400, "PGRST100"],
    ["GET", "/rest/v1/profiles?limit=-1", 400, "PGRST100"],
    ["GET", "/rest/v1/profiles?user_id=eq.not-a-uuid", 400, "22P02"],
    ["GET", "/rest/v1/user_roles?role=eq.superuser", 400, "22P02"],
    ["GET", "/rest/v1/profiles?created_at=gt.yesterday", 400, "22007"],
    ["GET", "/rest/v1/profiles?first_name=is.true", 400, "42804"],
    ["GET", "/rest/v1/profiles?user_id=like.*", 404, "42883"],
    ["GET", "/rest/v1/profiles?__proto__=eq.1", 400, "42703"],
    ["GET", "/rest/v1/constructor", 404, "PGRST205"],
    ["GET", "/rest/v1/profiles/extra", 404, "PGRST125"],
    ["GET", "/rest/v1/%E0%A4%A", 404, "PGRST125"],
    ["GET", "/rest/v1/", 404, "PGRST126"],
    ["PATCH", `/rest/v1/profiles?user_id=eq.${user.id}`, 405, "PGRST117"],
    ["TRACE", "/rest/v1/profiles", 405, "PGRST117"],
    ["POST", "/rest/v1/rpc/ensure_user_profile", 404, "PGRST202"],
    ["PUT", "/rest/v1/rpc/ensure_user_profile", 405, "PGRST101"],
  ];
  for (const [method, path, status, code] of raw) {
    const response = await fetchApp(path, { method, token: session.access_token, json: method === "POST" ? "{}" : undefined, headers: { apikey: ANON_KEY } });
    expect({ method, path, status: response.status }).toEqual({ method, path, status });
    if (method !== "TRACE") expect({ path, code: (await errorBody(response)).code }).toEqual({ path, code });
  }

  const bodies: [string, Record<string, string>, number, string][] = [
    ["{not json", {}, 400, "PGRST102"],
    ["", {}, 400, "PGRST102"],
    ["[1, 2]", {}, 400, "PGRST102"],
    [`[{"user_id":"${user.id}"},{"user_id":"${user.id}","first_name":"B"}]`, {}, 400, "PGRST102"],
    ["user_id=1", { "Content-Type": "application/x-www-form-urlencoded" }, 415, "PGRST107"],
    [`{"user_id":"${user.id}","note":"${"x".repeat(70_000)}"}`, {}, 413, "PGRST102"],
  ];
  for (const [body, headers, status, code] of bodies) {
    const response = await fetchApp("/rest/v1/profiles", {
      token: session.access_token,
      body,
      contentType: "application/json",
      headers: { apikey: ANON_KEY, ...headers },
    });
    expect({ body: body.slice(0, 40), status: response.status, code: (await errorBody(response)).code }).toEqual({ body: body.slice(0, 40), status, code });
  }
  const csv = await fetchApp("/rest/v1/profiles", { token: session.access_token, headers: { apikey: ANON_KEY, Accept: "text/csv" } });
  expect(csv.status).toBe(406);
  const schema = await fetchApp("/rest/v1/profiles", { token: session.access_token, headers: { apikey: ANON_KEY, "Accept-Profile": "auth" } });
  expect((await errorBody(schema)).code).toBe("PGRST106");
});

test("tokens: missing, malformed, expired and signed-out tokens", async () => {
  const user = await createUser({ roles: ["coach"] });
  const { client, session } = await signedInClient(user.email);
  const path = `/rest/v1/user_roles?select=role&user_id=eq.${user.id}`;

  expect(await (await fetchApp(path, { token: session.access_token, headers: { apikey: ANON_KEY } })).json()).toEqual([{ role: "coach" }]);
  // No Authorization header, or the anon key as the token: the anon role, which sees no rows.
  expect(await (await fetchApp(path, { headers: { apikey: ANON_KEY } })).json()).toEqual([]);
  expect(await (await fetchApp(path, { token: ANON_KEY, headers: { apikey: ANON_KEY } })).json()).toEqual([]);

  const invalid = await fetchApp(path, { token: `${session.access_token.slice(0, -4)}AAAA`, headers: { apikey: ANON_KEY } });
  expect(invalid.status).toBe(401);
  expect((await errorBody(invalid)).code).toBe("PGRST301");
  expect(invalid.headers.get("WWW-Authenticate")).toMatch(/^Bearer error="invalid_token"/);
  const garbage = await fetchApp(path, { token: "not-a-jwt", headers: { apikey: ANON_KEY } });
  expect((await errorBody(garbage)).code).toBe("PGRST301");
  const empty = await fetchApp(path, { headers: { apikey: ANON_KEY, Authorization: "Bearer " } });
  expect(empty.status).toBe(401);

  const expired = await fetchApp(path, { token: await expiredToken(session.access_token), headers: { apikey: ANON_KEY } });
  expect(expired.status).toBe(401);
  expect(await errorBody(expired)).toMatchObject({ code: "PGRST303", message: "JWT expired" });

  expect((await client.auth.signOut()).error).toBeNull();
  const ended = await fetchApp(path, { token: session.access_token, headers: { apikey: ANON_KEY } });
  expect(ended.status).toBe(401);
  expect((await errorBody(ended)).code).toBe("PGRST303");
});

test("CORS preflight and headers, as for the auth API", async () => {
  const preflight = await fetchApp("/rest/v1/profiles", {
    method: "OPTIONS",
    headers: {
      apikey: ANON_KEY,
      Origin: "https://app.example",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, apikey, prefer, content-type",
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
  expect(preflight.headers.get("Access-Control-Allow-Methods")).toContain("POST");
  for (const header of ["authorization", "apikey", "prefer", "content-type", "x-client-info", "accept-profile"]) {
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain(header);
  }
  const read = await fetchApp("/rest/v1/user_roles?select=role", { token: ANON_KEY, headers: { apikey: ANON_KEY, Origin: "https://app.example" } });
  expect(read.headers.get("Access-Control-Allow-Origin")).toBe("*");
  expect(read.headers.get("Access-Control-Expose-Headers")).toContain("content-range");
  expect(read.headers.get("Cache-Control")).toBe("no-store");
  expect(read.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(read.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  expect(read.headers.get("Content-Range")).toBe("*/*");
});
