import { ensureProfile } from "~/accounts/profiles.server";
import type { AppContext } from "~/context.server";
import { consumeRateLimit, limitSubject } from "~/platform/rate-limit.server";
import { CallerError, resolveCaller, type Caller } from "./caller.server";
import { DATA_API_LIMITS, isJsonContentType, jsonResponse, preflight, readJson, withCors } from "./http.server";
import {
  echo,
  functionNotFound,
  invalidBody,
  payloadColumnNotFound,
  permissionDenied,
  PostgrestError,
  notSingular,
  rowLevelSecurity,
  tableNotFound,
  toJson,
  unsupportedMethod,
  columnNotFound,
  invalidInput,
} from "./postgrest-error";
import { canonicalUuid, hasColumn, parseReadQuery, project, runReadQuery, type Row, type TableShape } from "./query";
import {
  EDITABLE_PROFILE_COLUMNS,
  PROFILES_TABLE,
  profileRow,
  profileValue,
  readOwnRows,
  TABLES,
  writeOwnProfile,
  type EditableProfileColumn,
  type ProfileChanges,
  type ProfileWriteMode,
} from "./tables.server";

export const REST_API_PREFIX = "/rest/v1";

/** The one procedure of SPEC §7. */
const ENSURE_USER_PROFILE = "ensure_user_profile";

/**
 * The PostgREST-compatible surface of SPEC §7 at /rest/v1, as supabase-js calls it: reads of
 * user_roles and profiles, profile upserts and rpc/ensure_user_profile. Like row-level security,
 * a caller sees only their own rows (none without a signed-in user) and may write only their own
 * profile. Every refusal is a 4xx in PostgREST's error shape.
 */
export async function handleRestApi(request: Request, context: AppContext): Promise<Response> {
  if (request.method === "OPTIONS") return preflight();
  try {
    return withCors(await route(request, context));
  } catch (error) {
    if (error instanceof PostgrestError) return withCors(errorResponse(error));
    if (error instanceof CallerError) return withCors(errorResponse(tokenError(error)));
    console.error("rest api: unexpected failure", error instanceof Error ? error.message : String(error));
    return withCors(errorResponse(new PostgrestError(500, "XX000", "Unexpected failure, please check server logs for more information")));
  }
}

function errorResponse(error: PostgrestError): Response {
  return jsonResponse(toJson(error), { status: error.status, headers: error.headers });
}

function tokenError(error: CallerError): PostgrestError {
  const [code, message] =
    error.reason === "expired"
      ? ["PGRST303", "JWT expired"]
      : error.reason === "ended"
        ? ["PGRST303", "Session from session_id claim in JWT does not exist"]
        : ["PGRST301", "Invalid JWT: it could not be decoded or its signature is not valid"];
  return new PostgrestError(401, code, message, null, null, { "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message}"` });
}

async function route(request: Request, context: AppContext): Promise<Response> {
  const url = new URL(request.url);
  const segments = url.pathname.slice(REST_API_PREFIX.length).split("/").slice(1);
  const caller = await resolveCaller(request, context, { strict: request.method !== "GET" && request.method !== "HEAD" });
  checkSchema(request);
  let names: string[];
  try {
    names = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    throw new PostgrestError(404, "PGRST125", "Invalid path specified in request URL");
  }
  if (names.length === 0 || (names.length === 1 && names[0] === "")) {
    throw new PostgrestError(404, "PGRST126", "Root endpoint metadata is disabled");
  }
  if (names.length === 2 && names[0] === "rpc") return callProcedure(request, context, caller, names[1]!, url);
  if (names.length !== 1) throw new PostgrestError(404, "PGRST125", "Invalid path specified in request URL");
  const table = TABLES.find((candidate) => candidate.name === names[0]);
  if (!table)
    throw tableNotFound(
      names[0]!,
      TABLES.map((candidate) => candidate.name),
    );
  switch (request.method) {
    case "GET":
    case "HEAD":
      return readTable(request, context, caller, table, url);
    case "POST":
      if (table !== PROFILES_TABLE) throw permissionDenied(table.name, caller.kind === "user");
      return writeProfiles(request, context, caller, url);
    case "PATCH":
    case "PUT":
    case "DELETE":
      // user_roles is read-only for every client; a profile is changed by upsert, and removed only with its account.
      if (table !== PROFILES_TABLE) throw permissionDenied(table.name, caller.kind === "user");
      throw unsupportedMethod(request.method);
    default:
      throw unsupportedMethod(request.method);
  }
}

/** Only the public schema exists here (Accept-Profile / Content-Profile select a schema in PostgREST). */
function checkSchema(request: Request) {
  for (const header of ["Accept-Profile", "Content-Profile"]) {
    const value = request.headers.get(header);
    if (value !== null && value.trim() !== "public") throw new PostgrestError(406, "PGRST106", "The schema must be one of the following: public");
  }
}

type Media = { single: boolean; stripNulls: boolean };

/** The response form the client asked for: a JSON array (default) or, for .single(), one object. */
function negotiate(request: Request): Media {
  const accept = request.headers.get("Accept");
  if (accept === null || accept.trim() === "") return { single: false, stripNulls: false };
  for (const range of accept.split(",")) {
    const [type = "", ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    const stripNulls = params.includes("nulls=stripped");
    if (type === "application/json" || type === "*/*" || type === "application/*" || type === "application/vnd.pgrst.array+json") {
      return { single: false, stripNulls };
    }
    if (type === "application/vnd.pgrst.object+json") return { single: true, stripNulls };
  }
  throw new PostgrestError(406, "PGRST107", `None of these media types are available: ${echo(accept)}`);
}

function stripNulls(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
}

/** The body for rows in the negotiated form: one object for .single() (or a 406), else the array. */
function shape(rows: Row[], media: Media): { body: unknown; contentType: string } {
  const out = media.stripNulls ? rows.map(stripNulls) : rows;
  if (!media.single) return { body: out, contentType: "application/json" };
  if (out.length !== 1) throw notSingular(out.length);
  return { body: out[0], contentType: "application/vnd.pgrst.object+json" };
}

/** The Prefer header's preferences (several headers, or comma-separated, as supabase-js sends them). */
function preferences(request: Request): Map<string, string> {
  const prefer = new Map<string, string>();
  for (const part of (request.headers.get("Prefer") ?? "").split(",")) {
    const [name, value = ""] = part.trim().split("=", 2);
    if (name) prefer.set(name.toLowerCase(), value.trim().toLowerCase());
  }
  return prefer;
}

async function readTable(request: Request, context: AppContext, caller: Caller, table: TableShape, url: URL): Promise<Response> {
  const query = parseReadQuery(url.searchParams, table);
  const media = negotiate(request);
  const rows = caller.kind === "user" ? await readOwnRows(context.db, table, caller.user.id) : [];
  const result = runReadQuery(rows, query, table);
  const { body, contentType } = shape(result.rows, media);
  const exact = preferences(request).get("count") === "exact";
  const total = exact ? String(result.total) : "*";
  const range = result.rows.length ? `${query.offset}-${query.offset + result.rows.length - 1}/${total}` : `*/${total}`;
  const headers = { "Content-Range": range };
  if (request.method === "HEAD") return jsonResponse(undefined, { contentType, headers });
  return jsonResponse(body, { contentType, headers });
}

async function limitWrites(context: AppContext, userId: string) {
  const result = await consumeRateLimit(context.db, DATA_API_LIMITS.writesPerUser, limitSubject("user", userId), context.env.SESSION_SECRET);
  if (!result.allowed) {
    throw new PostgrestError(429, "over_request_rate_limit", `Too many changes. Please try again in ${result.retryAfterSeconds} seconds.`, null, null, {
      "Retry-After": String(result.retryAfterSeconds),
    });
  }
}

/** The JSON body of a write: 415 for another media type, 413 past the size limit, PGRST102 if unreadable. */
async function writeBody(request: Request): Promise<unknown | undefined> {
  if (!isJsonContentType(request)) {
    throw new PostgrestError(415, "PGRST107", `Content-Type not acceptable: ${echo(request.headers.get("Content-Type") ?? "")}`);
  }
  const body = await readJson(request);
  if (body.kind === "too-large") throw new PostgrestError(413, "PGRST102", "Request body too large", "Bodies are limited to 64 KiB");
  if (body.kind === "invalid") throw invalidBody(body.reason);
  return body.kind === "json" ? body.value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `columns` parameter: "a","b" or a,b. */
function columnsParameter(raw: string): string[] {
  return raw.split(",").map((part) => part.trim().replace(/^"(.*)"$/, "$1"));
}

/** POST /profiles: insert, or upsert with Prefer: resolution=merge-duplicates / ignore-duplicates. */
async function writeProfiles(request: Request, context: AppContext, caller: Caller, url: URL): Promise<Response> {
  if (caller.kind !== "user") throw rowLevelSecurity(PROFILES_TABLE.name, false);
  const userId = caller.user.id;
  await limitWrites(context, userId);
  const media = negotiate(request);
  const prefer = preferences(request);
  const query = parseReadQuery(url.searchParams, PROFILES_TABLE, ["on_conflict", "columns"]);

  const onConflict = url.searchParams.get("on_conflict");
  if (onConflict !== null) {
    for (const column of columnsParameter(onConflict)) if (!hasColumn(PROFILES_TABLE, column)) throw columnNotFound(PROFILES_TABLE.name, column);
    if (onConflict.replaceAll('"', "").trim() !== "user_id") {
      throw new PostgrestError(400, "42P10", "there is no unique or exclusion constraint matching the ON CONFLICT specification");
    }
  }
  const resolution = prefer.get("resolution");
  const mode: ProfileWriteMode = resolution === "merge-duplicates" ? "merge" : resolution === "ignore-duplicates" ? "ignore" : "insert";

  const body = await writeBody(request);
  if (body === undefined) throw invalidBody();
  const items = Array.isArray(body) ? body : [body];
  if (!items.every(isObject)) throw invalidBody("Expected a JSON object or an array of objects");
  const declared = url.searchParams.get("columns");
  let columns: string[];
  if (declared !== null) {
    columns = columnsParameter(declared);
  } else {
    columns = Object.keys(items[0] ?? {});
    const key = [...columns].sort().join("\u0000");
    if (items.some((item) => Object.keys(item).sort().join("\u0000") !== key)) throw invalidBody("All object keys must match");
  }
  for (const column of columns) if (!hasColumn(PROFILES_TABLE, column)) throw payloadColumnNotFound(PROFILES_TABLE.name, Object.keys(PROFILES_TABLE.columns));
  // Column privileges: a user sets the details-form columns and names their own row; the rest is the system's.
  const editable = columns.filter((column): column is EditableProfileColumn => (EDITABLE_PROFILE_COLUMNS as readonly string[]).includes(column));
  if (columns.some((column) => column !== "user_id" && !editable.includes(column as EditableProfileColumn))) throw permissionDenied(PROFILES_TABLE.name, true);

  const rows: ProfileChanges[] = items.map((item) => {
    const owner = columns.includes("user_id") ? item.user_id : undefined;
    if (owner === undefined || owner === null) {
      throw new PostgrestError(400, "23502", 'null value in column "user_id" of relation "profiles" violates not-null constraint');
    }
    if (typeof owner !== "string") throw invalidInput("uuid", JSON.stringify(owner) ?? "");
    if (canonicalUuid(owner) !== userId) throw rowLevelSecurity(PROFILES_TABLE.name, true);
    return Object.fromEntries(editable.map((column) => [column, profileValue(column, item[column])]));
  });
  if (rows.length > 1) {
    // Every row names the caller's profile, so a second row would write the same row again.
    throw mode === "merge"
      ? new PostgrestError(
          400,
          "21000",
          "ON CONFLICT DO UPDATE command cannot affect row a second time",
          null,
          "Ensure that no rows proposed for insertion within the same command have duplicate constrained values.",
        )
      : duplicateKey(userId);
  }
  const returnPreference = prefer.get("return") ?? "minimal";
  if (media.single && returnPreference === "representation" && rows.length !== 1) throw notSingular(rows.length);

  const written = rows[0] ? await writeOwnProfile(context.db, userId, rows[0], mode) : null;
  if (rows[0] && !written && mode === "insert") throw duplicateKey(userId);

  const applied = [resolution && mode !== "insert" ? `resolution=${resolution}` : "", prefer.has("return") ? `return=${returnPreference}` : ""].filter(Boolean);
  const headers: Record<string, string> = { "Content-Range": "*/*" };
  if (applied.length) headers["Preference-Applied"] = applied.join(", ");
  if (returnPreference !== "representation") {
    if (returnPreference === "headers-only" && written) headers.Location = `/profiles?user_id=eq.${userId}`;
    return jsonResponse(undefined, { status: 201, headers });
  }
  const result = runReadQuery(written ? [profileRow(written)] : [], query, PROFILES_TABLE);
  const { body: out, contentType } = shape(result.rows, media);
  return jsonResponse(out, { status: 201, headers, contentType });
}

function duplicateKey(userId: string) {
  return new PostgrestError(409, "23505", 'duplicate key value violates unique constraint "profiles_pkey"', `Key (user_id)=(${userId}) already exists.`);
}

/** POST /rpc/ensure_user_profile { user_id_param }: the caller's profile, created when missing. */
async function callProcedure(request: Request, context: AppContext, caller: Caller, name: string, url: URL): Promise<Response> {
  if (request.method !== "POST" && request.method !== "GET" && request.method !== "HEAD") {
    throw new PostgrestError(405, "PGRST101", "Only GET and POST verbs are allowed for functions");
  }
  let args: Record<string, unknown>;
  if (request.method === "POST") {
    const body = await writeBody(request);
    if (body !== undefined && !isObject(body)) throw invalidBody("Expected a JSON object of named arguments");
    args = body ?? {};
  } else {
    args = Object.fromEntries([...url.searchParams].filter(([key]) => key !== "select"));
  }
  const params = Object.keys(args);
  if (name !== ENSURE_USER_PROFILE || params.length !== 1 || params[0] !== "user_id_param")
    throw functionNotFound(name, params, { name: ENSURE_USER_PROFILE, params: ["user_id_param"] });
  // ensure_user_profile writes, so PostgREST runs it only for POST (GET runs in a read-only transaction).
  if (request.method !== "POST") throw new PostgrestError(405, "25006", "cannot execute INSERT in a read-only transaction");
  const media = negotiate(request);
  const query = parseReadQuery(new URLSearchParams(url.searchParams.has("select") ? { select: url.searchParams.get("select")! } : {}), PROFILES_TABLE);
  for (const key of url.searchParams.keys())
    if (key !== "select") throw new PostgrestError(400, "PGRST100", `"failed to parse filter (${echo(key)})"`, "Functions here take only select");

  const value = args.user_id_param;
  if (typeof value !== "string") throw invalidInput("uuid", JSON.stringify(value) ?? "");
  const userId = canonicalUuid(value);
  if (caller.kind !== "user") throw rowLevelSecurity(PROFILES_TABLE.name, false);
  if (userId !== caller.user.id) throw rowLevelSecurity(PROFILES_TABLE.name, true);
  await limitWrites(context, userId);
  const profile = project(profileRow(await ensureProfile(context.db, userId)), query.select);
  const { body, contentType } = shape([profile], { single: true, stripNulls: media.stripNulls });
  return jsonResponse(body, { contentType: media.single ? contentType : "application/json" });
}
