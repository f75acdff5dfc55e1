// Errors in the shape PostgREST (Supabase's Data API) sends: { code, details, hint, message } with
// its status codes, so postgrest-js and supabase-js read them unchanged. The codes are PostgREST's
// own (PGRSTxxx) or the PostgreSQL SQLSTATE the same request would raise against the original schema.

export class PostgrestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Names taken from the request are echoed in messages at most this long. */
const ECHO_MAX = 120;

export function echo(value: string): string {
  return value.length > ECHO_MAX ? `${value.slice(0, ECHO_MAX)}…` : value;
}

export function parseError(subject: string, details: string): PostgrestError {
  return new PostgrestError(400, "PGRST100", `"failed to parse ${echo(subject)}"`, details);
}

export function tableNotFound(name: string, tables: readonly string[]): PostgrestError {
  const hint = tables.find((table) => table.startsWith(name.slice(0, 3).toLowerCase()));
  return new PostgrestError(
    404,
    "PGRST205",
    `Could not find the table 'public.${echo(name)}' in the schema cache`,
    null,
    hint ? `Perhaps you meant the table 'public.${hint}'` : null,
  );
}

export function columnNotFound(table: string, column: string): PostgrestError {
  return new PostgrestError(400, "42703", `column ${table}.${echo(column)} does not exist`);
}

/** A column named in a write's body or `columns` that the table does not have. Body fields are not echoed: the details list the table's columns instead. */
export function payloadColumnNotFound(table: string, columns: readonly string[]): PostgrestError {
  return new PostgrestError(
    400,
    "PGRST204",
    `Could not find a column named in the request in '${table}' in the schema cache`,
    `${table} has the columns ${columns.join(", ")}`,
  );
}

/**
 * No function with this name and these named arguments. PostgREST lists the argument names it
 * was given; they are request fields, so here they are only counted, never echoed.
 */
export function functionNotFound(name: string, params: string[], known: { name: string; params: string[] }): PostgrestError {
  const signature = params.length ? ` with ${params.length} named parameter${params.length === 1 ? "" : "s"}` : " without parameters";
  return new PostgrestError(
    404,
    "PGRST202",
    `Could not find the function public.${echo(name)}${signature} in the schema cache`,
    `public.${known.name} takes ${known.params.join(", ")}`,
    name === known.name ? null : `Perhaps you meant to call the function public.${known.name}`,
  );
}

export function invalidBody(details: string | null = null): PostgrestError {
  return new PostgrestError(400, "PGRST102", "Empty or invalid json", details);
}

export function unsupportedMethod(method: string): PostgrestError {
  return new PostgrestError(405, "PGRST117", `Unsupported HTTP method: ${echo(method)}`);
}

/** Row-level security: the row being written is not the caller's. 401 without a signed-in user, as PostgREST answers the anon role. */
export function rowLevelSecurity(table: string, signedIn: boolean): PostgrestError {
  return new PostgrestError(signedIn ? 403 : 401, "42501", `new row violates row-level security policy for table "${table}"`);
}

/** No grant for this kind of write (a read-only table, or a column nobody may set). */
export function permissionDenied(table: string, signedIn: boolean): PostgrestError {
  return new PostgrestError(signedIn ? 403 : 401, "42501", `permission denied for table ${table}`);
}

export function notSingular(rows: number): PostgrestError {
  return new PostgrestError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${rows} rows`);
}

export function invalidInput(type: string, value: string): PostgrestError {
  return new PostgrestError(400, "22P02", `invalid input syntax for type ${type}: "${echo(value)}"`);
}

export function checkViolation(table: string, column: string, details: string): PostgrestError {
  return new PostgrestError(400, "23514", `new row for relation "${table}" violates check constraint "${table}_${column}_check"`, details);
}

export function toJson(error: PostgrestError) {
  return { code: error.code, details: error.details, hint: error.hint, message: error.message };
}
