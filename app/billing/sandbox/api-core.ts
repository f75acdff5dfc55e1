// What the sandbox's Stripe API (stripe-api.ts) and its Connect part (connect-api.ts) share: the
// object store, the options, errors, ids, Stripe's form decoding and list/lookup helpers. Plain
// TypeScript with no app imports, like both of them: the tests' fake Stripe server imports them from Node.

export type StripeObject = { id: string; object: string; customer?: string | null; created?: number; [key: string]: unknown };

/** Where the sandbox keeps its objects (D1 in the app, memory in the fake server). */
export interface ObjectStore {
  get(id: string): Promise<StripeObject | null>;
  put(object: StripeObject): Promise<void>;
  /** Objects of one kind, optionally one customer's, newest first. */
  list(object: string, customer?: string): Promise<StripeObject[]>;
}

export type StripeApiOptions = {
  store: ObjectStore;
  /** Base URL of the hosted pages: `${base}/checkout/{id}` and `${base}/portal/{id}`. */
  hostedPagesUrl: string;
  /** Seconds since the epoch. */
  now: () => number;
  /** Called with each event the API raises (what Stripe would send to the webhook endpoint). */
  emit: (event: StripeObject) => void | Promise<void>;
  /** Connect: a payout to a connected account's bank is paid as soon as it is made (the local sandbox), rather than when a test says so. */
  payoutsArriveAtOnce?: boolean;
};

export const SANDBOX_API_VERSION = "2026-10-28.endive";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = "resource_missing",
    readonly param?: string,
  ) {
    super(message);
  }
}

export function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
}

// ── Form decoding: Stripe's bracket notation (a[b][0][c]=v) ─────────────────────────────────────

export type Params = { [key: string]: Param };
export type Param = string | Params | Param[];

export function decodeParams(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [rawKey, value] of search) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Params = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== "object" || next === null) node[part] = {};
      node = node[part] as Params;
    });
  }
  return arraysOf(root) as Params;
}

// Objects whose keys are all 0..n-1 were arrays.
function arraysOf(value: Param): Param {
  if (typeof value !== "object" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const mapped = Object.fromEntries(keys.map((k) => [k, arraysOf(value[k]!)]));
  if (keys.length && keys.every((k, i) => k === String(i))) return keys.map((k) => mapped[k]!);
  return mapped;
}

export function str(value: Param | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function obj(value: Param | undefined): Params {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
}

export function metadataOf(value: Param | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(obj(value)).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

export function required(params: Params, name: string): string {
  const value = str(params[name]);
  if (!value) throw new ApiError(400, `Missing required param: ${name}.`, "parameter_missing");
  return value;
}

// ── Objects ────────────────────────────────────────────────────────────────────────────────────

export function list(data: StripeObject[], url: string) {
  return { object: "list", data, has_more: false, url };
}

export async function load(store: ObjectStore, id: string, object: string): Promise<StripeObject> {
  const found = await store.get(id);
  if (!found || found.object !== object) throw new ApiError(404, `No such ${object.replace(/^.*\./, "").replace("_", " ")}: '${id}'`);
  return found;
}

export function limitOf(query: Params): number {
  const limit = Number(str(query.limit) ?? "10");
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : 10;
}
