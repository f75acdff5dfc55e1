import { columnNotFound, invalidInput, parseError, PostgrestError } from "./postgrest-error";

// A small, strict reading of PostgREST's query string: `select` (columns, optionally renamed),
// horizontal filters (`column=[not.]op.value` with eq, neq, gt, gte, lt, lte, like, ilike, is, in),
// `order`, `limit` and `offset`. Anything else PostgREST would accept (embedding, casts, JSON paths,
// logical trees, full-text and range operators) is refused with PGRST100 rather than half-understood.
// Rows are filtered here, in memory, after the caller's own rows were read: no part of the query
// string ever reaches SQL.

export type ColumnType = { kind: "uuid" } | { kind: "text" } | { kind: "timestamptz" } | { kind: "enum"; name: string; values: readonly string[] };

export type TableShape = { name: string; columns: Readonly<Record<string, ColumnType>> };

export type Row = Record<string, string | null>;

type Operator = "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "like" | "ilike" | "is" | "in";

export type Filter =
  | { column: string; negate: boolean; op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte"; value: string }
  | { column: string; negate: boolean; op: "like" | "ilike"; value: string }
  | { column: string; negate: boolean; op: "is"; value: "null" }
  | { column: string; negate: boolean; op: "in"; value: string[] };

export type SelectItem = { column: string; as: string };
export type OrderItem = { column: string; descending: boolean; nullsFirst: boolean };

export type ReadQuery = { select: SelectItem[]; filters: Filter[]; order: OrderItem[]; limit: number | null; offset: number };

/** Parameters with a meaning of their own; every other parameter is a filter. */
const READ_PARAMETERS = new Set(["select", "order", "limit", "offset"]);
const OPERATORS = new Set<Operator>(["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in"]);
/** PostgREST operators this API does not offer: named in the error so a client knows it is not a typo. */
const UNSUPPORTED_OPERATORS = new Set(["match", "imatch", "fts", "plfts", "phfts", "wfts", "cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj", "isdistinct"]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export function hasColumn(table: TableShape, column: string): boolean {
  return Object.hasOwn(table.columns, column);
}

function columnOf(table: TableShape, column: string): ColumnType {
  if (!hasColumn(table, column)) throw columnNotFound(table.name, column);
  return table.columns[column]!;
}

/** A uuid in PostgreSQL's canonical form (lower case, hyphenated), or a 22P02 error. */
export function canonicalUuid(value: string): string {
  if (!UUID.test(value)) throw invalidInput("uuid", value);
  const hex = value.replaceAll("-", "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A filter value converted to what the column compares: the value PostgreSQL would cast it to. */
function comparable(type: ColumnType, value: string): string | number {
  switch (type.kind) {
    case "uuid":
      return canonicalUuid(value);
    case "timestamptz": {
      const time = Date.parse(value);
      if (Number.isNaN(time)) throw new PostgrestError(400, "22007", `invalid input syntax for type timestamp with time zone: "${value.slice(0, 120)}"`);
      return time;
    }
    case "enum": {
      const index = type.values.indexOf(value);
      if (index < 0) throw new PostgrestError(400, "22P02", `invalid input value for enum ${type.name}: "${value.slice(0, 120)}"`);
      return index;
    }
    case "text":
      return value;
  }
}

function typeName(type: ColumnType): string {
  return type.kind === "enum" ? type.name : type.kind === "timestamptz" ? "timestamp with time zone" : type.kind;
}

export function parseSelect(raw: string | null, table: TableShape): SelectItem[] {
  const all = Object.keys(table.columns).map((column) => ({ column, as: column }));
  if (raw === null || raw.trim() === "") return all;
  const items: SelectItem[] = [];
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (item === "*") {
      items.push(...all);
      continue;
    }
    const [first, second, ...rest] = item.split(":");
    const alias = second === undefined ? undefined : first;
    const column = second === undefined ? first : second;
    if (rest.length || !column || !IDENTIFIER.test(column) || (alias !== undefined && !IDENTIFIER.test(alias))) {
      throw parseError(`select parameter (${raw})`, "Only column names, optionally renamed with alias:column, are supported in select");
    }
    columnOf(table, column);
    items.push({ column, as: alias ?? column });
  }
  return items;
}

function parseInList(raw: string, subject: string): string[] {
  if (!raw.startsWith("(") || !raw.endsWith(")")) throw parseError(subject, 'Expected a list in parentheses, e.g. in.(a,b,"c,d")');
  const body = raw.slice(1, -1);
  const values: string[] = [];
  let current = "";
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === "\\" && i + 1 < body.length) current += body[++i];
      else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"' && current.trim() === "") {
      quoted = true;
      wasQuoted = true;
      current = "";
    } else if (char === ",") {
      values.push(wasQuoted ? current : current.trim());
      current = "";
      wasQuoted = false;
    } else {
      current += char;
    }
  }
  if (quoted) throw parseError(subject, "Unterminated double quote in the list");
  if (body !== "" || wasQuoted) values.push(wasQuoted ? current : current.trim());
  return values;
}

export function parseFilter(column: string, raw: string, table: TableShape): Filter {
  const subject = `filter (${raw})`;
  if (!IDENTIFIER.test(column)) throw parseError(`filter column (${column})`, "Only plain column names can be filtered");
  const type = columnOf(table, column);
  const match = /^(not\.)?([a-z]+)\.([\s\S]*)$/.exec(raw);
  if (!match) throw parseError(subject, "Expected [not.]operator.value, e.g. eq.1");
  const negate = match[1] !== undefined;
  const name = match[2]!;
  const value = match[3]!;
  if (!OPERATORS.has(name as Operator)) {
    const why = UNSUPPORTED_OPERATORS.has(name) ? `The operator ${name} is not supported here` : `Unknown operator ${name.slice(0, 20)}`;
    throw parseError(subject, `${why}; supported: eq, neq, gt, gte, lt, lte, like, ilike, is, in, each optionally after not.`);
  }
  const op = name as Operator;
  switch (op) {
    case "is": {
      const word = value.toLowerCase();
      if (word === "null") return { column, negate, op: "is", value: "null" };
      if (word === "true" || word === "false" || word === "unknown") {
        throw new PostgrestError(400, "42804", `argument of IS ${word.toUpperCase()} must be type boolean, not type ${typeName(type)}`);
      }
      throw parseError(subject, "is takes null, true, false or unknown");
    }
    case "in": {
      const values = parseInList(value, subject);
      for (const item of values) comparable(type, item);
      return { column, negate, op: "in", value: values };
    }
    case "like":
    case "ilike":
      if (type.kind !== "text") {
        throw new PostgrestError(
          404,
          "42883",
          `operator does not exist: ${typeName(type)} ${op === "like" ? "~~" : "~~*"} unknown`,
          null,
          "No operator matches the given name and argument types. You might need to add explicit type casts.",
        );
      }
      // PostgREST lets clients write * for %, which is awkward in URLs.
      return { column, negate, op, value: value.replaceAll("*", "%") };
    default:
      comparable(type, value);
      return { column, negate, op, value };
  }
}

function parseOrder(raw: string | null, table: TableShape): OrderItem[] {
  if (raw === null) return [];
  return raw.split(",").map((part) => {
    const [column = "", ...modifiers] = part.trim().split(".");
    if (!IDENTIFIER.test(column)) throw parseError(`order (${raw})`, "Expected column[.asc|.desc][.nullsfirst|.nullslast]");
    columnOf(table, column);
    let descending = false;
    let nullsFirst: boolean | undefined;
    for (const modifier of modifiers) {
      if (modifier === "asc" || modifier === "desc") descending = modifier === "desc";
      else if (modifier === "nullsfirst" || modifier === "nullslast") nullsFirst = modifier === "nullsfirst";
      else throw parseError(`order (${raw})`, "Expected column[.asc|.desc][.nullsfirst|.nullslast]");
    }
    // PostgreSQL's default: nulls sort as the largest value.
    return { column, descending, nullsFirst: nullsFirst ?? descending };
  });
}

function parseCount(raw: string | null, name: "limit" | "offset"): number | null {
  if (raw === null) return null;
  if (!/^\d{1,9}$/.test(raw.trim())) throw parseError(`${name} parameter (${raw})`, "Expected a whole number");
  return Number(raw.trim());
}

/**
 * Reads a table query string. `ignore` lists parameters another part of the request consumes
 * (on_conflict and columns of a write); every remaining parameter must be a filter.
 */
export function parseReadQuery(params: URLSearchParams, table: TableShape, ignore: readonly string[] = []): ReadQuery {
  const filters: Filter[] = [];
  for (const [name, value] of params) {
    if (READ_PARAMETERS.has(name) || ignore.includes(name)) continue;
    if (name === "or" || name === "and" || name === "not.or" || name === "not.and") {
      throw parseError(`logic tree (${name})`, "or/and filters are not supported here; combine filters as separate parameters");
    }
    filters.push(parseFilter(name, value, table));
  }
  return {
    select: parseSelect(params.get("select"), table),
    filters,
    order: parseOrder(params.get("order"), table),
    limit: parseCount(params.get("limit"), "limit"),
    offset: parseCount(params.get("offset"), "offset") ?? 0,
  };
}

/**
 * SQL LIKE: % is any run of characters, _ is one, a backslash makes the next character literal.
 * The classic two-pointer wildcard match (linear backtracking to the last %), so no pattern can make
 * it take more than length × length steps.
 */
export function likeMatches(text: string, pattern: string, caseInsensitive: boolean): boolean {
  const fold = (value: string) => (caseInsensitive ? value.toLowerCase() : value);
  const chars = Array.from(fold(text));
  type Token = { any: true } | { one: true } | { literal: string };
  const tokens: Token[] = [];
  const source = Array.from(fold(pattern));
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === "\\" && i + 1 < source.length) tokens.push({ literal: source[++i]! });
    else if (char === "%") {
      if (!tokens.length || !("any" in tokens[tokens.length - 1]!)) tokens.push({ any: true });
    } else if (char === "_") tokens.push({ one: true });
    else tokens.push({ literal: char });
  }
  let t = 0;
  let p = 0;
  let starAt = -1;
  let starText = 0;
  while (t < chars.length) {
    const token = tokens[p];
    if (token && !("any" in token) && ("one" in token || token.literal === chars[t])) {
      t++;
      p++;
    } else if (token && "any" in token) {
      starAt = p++;
      starText = t;
    } else if (starAt >= 0) {
      p = starAt + 1;
      t = ++starText;
    } else {
      return false;
    }
  }
  while (p < tokens.length && "any" in tokens[p]!) p++;
  return p === tokens.length;
}

/** SQL's three-valued result of one filter on one row: null when the column is null. */
function evaluate(filter: Filter, row: Row, table: TableShape): boolean | null {
  const stored = row[filter.column] ?? null;
  if (filter.op === "is") return stored === null;
  if (stored === null) return null;
  const type = table.columns[filter.column]!;
  switch (filter.op) {
    case "like":
    case "ilike":
      return likeMatches(stored, filter.value, filter.op === "ilike");
    case "in":
      return filter.value.some((value) => comparable(type, value) === comparable(type, stored));
    default: {
      const left = comparable(type, stored);
      const right = comparable(type, filter.value);
      switch (filter.op) {
        case "eq":
          return left === right;
        case "neq":
          return left !== right;
        case "gt":
          return left > right;
        case "gte":
          return left >= right;
        case "lt":
          return left < right;
        case "lte":
          return left <= right;
      }
    }
  }
}

function compareRows(a: Row, b: Row, order: OrderItem[], table: TableShape): number {
  for (const { column, descending, nullsFirst } of order) {
    const left = a[column] ?? null;
    const right = b[column] ?? null;
    if (left === right) continue;
    if (left === null) return nullsFirst ? -1 : 1;
    if (right === null) return nullsFirst ? 1 : -1;
    const type = table.columns[column]!;
    const [x, y] = [comparable(type, left), comparable(type, right)];
    if (x === y) continue;
    return (x < y ? -1 : 1) * (descending ? -1 : 1);
  }
  return 0;
}

export function project(row: Row, select: SelectItem[]): Row {
  const out: Row = {};
  for (const { column, as } of select) out[as] = row[column] ?? null;
  return out;
}

/** Filters, orders, pages and projects rows; `total` counts the rows that matched before paging. */
export function runReadQuery(rows: Row[], query: ReadQuery, table: TableShape): { rows: Row[]; total: number } {
  const matched = rows.filter((row) =>
    query.filters.every((filter) => (filter.negate ? evaluate(filter, row, table) === false : evaluate(filter, row, table) === true)),
  );
  if (query.order.length) matched.sort((a, b) => compareRows(a, b, query.order, table));
  const end = query.limit === null ? undefined : query.offset + query.limit;
  return { rows: matched.slice(query.offset, end).map((row) => project(row, query.select)), total: matched.length };
}
