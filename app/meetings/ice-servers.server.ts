import * as z from "zod";
import type { AppContext } from "~/context.server";
import type { RateLimitRule } from "~/platform/rate-limit.server";

// The STUN/TURN servers a participant's browser uses to reach the other one (NAT traversal), from the
// first of these that is configured:
// 1. Cloudflare Realtime TURN (TURN_KEY_ID and TURN_KEY_API_TOKEN): short-lived credentials minted
//    per participant, lasting until the room closes. The key's API token never leaves the server.
// 2. A fixed list (ICE_SERVERS, JSON in RTCIceServer's shape): any STUN/TURN service.
// 3. None: host candidates only, which connect two browsers on one network (and on this machine).

export type IceServer = { urls: string | string[]; username?: string; credential?: string };

export type IceServerSource = "cloudflare-turn" | "configured" | "none";

export type IceServerSettings = {
  TURN_KEY_ID?: string;
  TURN_KEY_API_TOKEN?: string;
  TURN_API_URL: string;
  ICE_SERVERS?: string;
};

/** Credentials last at least this long, so a participant who joins just before the room closes can still connect. */
export const MIN_TURN_TTL_SECONDS = 10 * 60;
/** And no longer than this, whatever the room's hours say. */
export const MAX_TURN_TTL_SECONDS = 48 * 60 * 60;

const MAX_SERVERS = 10;
const MAX_URLS = 10;
const TURN_TIMEOUT_MS = 5_000;

/** Which source the settings choose (the TURN key needs both its id and its token). */
export function iceServerSource(settings: IceServerSettings): IceServerSource {
  if (settings.TURN_KEY_ID && settings.TURN_KEY_API_TOKEN) return "cloudflare-turn";
  if (settings.ICE_SERVERS) return "configured";
  return "none";
}

/** Seconds the credentials should last: until the room closes, at least MIN_TURN_TTL_SECONDS, at most MAX_TURN_TTL_SECONDS. */
export function turnTtlSeconds(closesAt: Date, now: Date): number {
  const untilClosing = Math.ceil((closesAt.getTime() - now.getTime()) / 1000);
  return Math.min(MAX_TURN_TTL_SECONDS, Math.max(MIN_TURN_TTL_SECONDS, untilClosing));
}

const IceUrlSchema = z
  .string()
  .max(512)
  .regex(/^(stun|stuns|turn|turns):[^\s]+$/, "a stun:, stuns:, turn: or turns: URL");

const IceServerSchema = z
  .object({
    urls: z.union([IceUrlSchema, z.array(IceUrlSchema).min(1).max(MAX_URLS)]),
    username: z.string().min(1).max(512).optional(),
    credential: z.string().min(1).max(512).optional(),
  })
  .strict()
  .refine((server) => !urlsOf(server).some((url) => /^turns?:/.test(url)) || (server.username !== undefined && server.credential !== undefined), {
    message: "a TURN server needs a username and a credential",
  });

export const IceServerListSchema = z.array(IceServerSchema).max(MAX_SERVERS);

function urlsOf(server: { urls: string | string[] }): string[] {
  return typeof server.urls === "string" ? [server.urls] : server.urls;
}

/** ICE_SERVERS, read and checked: a JSON array of RTCIceServer-shaped entries. */
export function parseIceServers(text: string): { ok: true; servers: IceServer[] } | { ok: false; error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: "ICE_SERVERS is not JSON" };
  }
  const parsed = IceServerListSchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, error: `ICE_SERVERS: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "list"} (${issue.message})`).join(", ")}` };
  }
  return { ok: true, servers: parsed.data };
}

/**
 * Browsers refuse connections to port 53, so a server URL on it only makes a browser wait for a
 * timeout (Cloudflare's answer lists some): they are left out, and so is a server left with no URL.
 */
export function withoutPort53(servers: IceServer[]): IceServer[] {
  return servers.flatMap((server) => {
    const urls = urlsOf(server).filter((url) => !/:53(\?|$)/.test(url));
    return urls.length ? [{ ...server, urls }] : [];
  });
}

/** The generate-ice-servers endpoint of the TURN key (TURN_API_URL points it at a compatible server in tests). */
export function turnCredentialsUrl(settings: Pick<IceServerSettings, "TURN_API_URL">, keyId: string): string {
  return `${settings.TURN_API_URL.replace(/\/+$/, "")}/v1/turn/keys/${encodeURIComponent(keyId)}/credentials/generate-ice-servers`;
}

/** Cloudflare's answer: `iceServers` as a list (or, in its older form, one server). */
const TurnResponseSchema = z.object({ iceServers: z.union([IceServerListSchema, IceServerSchema]) });

/**
 * How often one participant may ask for a meeting's ICE servers: each answer with TURN mints
 * credentials at Cloudflare (billed by use), and a call asks once per join or rejoin.
 */
export const ICE_SERVERS_LIMIT: RateLimitRule = { name: "ice-servers", limit: 20, windowMs: 60 * 60 * 1000 };

export type IceServersAnswer = { iceServers: IceServer[]; source: IceServerSource; expiresAt: string | null };

/**
 * The ICE servers for one participant of a room that closes at `closesAt`. The caller has checked that
 * the viewer is a participant and that the room is open. When minting fails (the service is down or
 * refuses the key), the configured list or none is given instead, and the failure is logged.
 */
export async function iceServersFor(context: Pick<AppContext, "env" | "services">, closesAt: Date): Promise<IceServersAnswer> {
  const settings = context.env;
  const source = iceServerSource(settings);
  if (source === "cloudflare-turn") {
    const now = context.services.clock.now();
    const ttl = turnTtlSeconds(closesAt, now);
    try {
      const iceServers = await mintTurnCredentials(context, settings.TURN_KEY_ID as string, settings.TURN_KEY_API_TOKEN as string, ttl);
      return { iceServers, source, expiresAt: new Date(now.getTime() + ttl * 1000).toISOString() };
    } catch (error) {
      console.error("meetings: TURN credentials could not be minted", error instanceof Error ? error.message : String(error));
    }
  }
  if (settings.ICE_SERVERS) {
    const configured = parseIceServers(settings.ICE_SERVERS);
    if (configured.ok) return { iceServers: configured.servers, source: "configured", expiresAt: null };
    console.error(`meetings: ${configured.error}`);
  }
  return { iceServers: [], source: "none", expiresAt: null };
}

async function mintTurnCredentials(context: Pick<AppContext, "env" | "services">, keyId: string, token: string, ttl: number): Promise<IceServer[]> {
  const response = await context.services.fetch(turnCredentialsUrl(context.env, keyId), {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ ttl }),
    signal: AbortSignal.timeout(TURN_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the TURN service answered ${response.status}`);
  }
  const parsed = TurnResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error("the TURN service's answer is not a list of ICE servers");
  const servers = Array.isArray(parsed.data.iceServers) ? parsed.data.iceServers : [parsed.data.iceServers];
  return withoutPort53(servers);
}
