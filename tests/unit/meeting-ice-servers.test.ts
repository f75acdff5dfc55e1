import { expect, test } from "vitest";
import type { AppContext } from "~/context.server";
import {
  iceServerSource,
  iceServersFor,
  MAX_TURN_TTL_SECONDS,
  MIN_TURN_TTL_SECONDS,
  parseIceServers,
  turnCredentialsUrl,
  turnTtlSeconds,
  withoutPort53,
  type IceServerSettings,
} from "~/meetings/ice-servers.server";
import { fixedClock } from "~/platform/clock";
import { readEnv } from "~/platform/env.server";
import { allowConsoleErrors } from "../console-errors";

const TOKEN = "turn-key-api-token-secret-value";
const TURN: IceServerSettings = { TURN_KEY_ID: "key-123", TURN_KEY_API_TOKEN: TOKEN, TURN_API_URL: "http://127.0.0.1:9999" };
const LIST = JSON.stringify([{ urls: "stun:stun.example.com:3478" }, { urls: ["turns:turn.example.com:5349"], username: "u", credential: "c" }]);
const NOW = new Date("2026-12-02T22:25:00.000Z");
const CLOSES_AT = new Date("2026-12-03T00:00:00.000Z"); // 95 minutes later

const CLOUDFLARE_ANSWER = {
  iceServers: [
    { urls: ["stun:stun.cloudflare.com:3478", "stun:stun.cloudflare.com:53"] },
    {
      urls: [
        "turn:turn.cloudflare.com:3478?transport=udp",
        "turn:turn.cloudflare.com:53?transport=udp",
        "turn:turn.cloudflare.com:3478?transport=tcp",
        "turns:turn.cloudflare.com:5349?transport=tcp",
        "turns:turn.cloudflare.com:443?transport=tcp",
      ],
      username: "minted-user",
      credential: "minted-credential",
    },
  ],
};

type Call = { url: string; init: RequestInit };

function contextWith(settings: Partial<IceServerSettings>, answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const context = {
    env: { TURN_API_URL: "https://rtc.live.cloudflare.com", ...settings },
    services: {
      clock: fixedClock(NOW),
      fetch: async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return answer();
      },
    },
  } as unknown as Pick<AppContext, "env" | "services">;
  return { context, calls };
}

test("the TURN key is chosen when both its id and token are set, then a configured list, then none", () => {
  expect(iceServerSource({ ...TURN, ICE_SERVERS: LIST })).toBe("cloudflare-turn");
  expect(iceServerSource({ TURN_KEY_ID: "key-123", TURN_API_URL: TURN.TURN_API_URL, ICE_SERVERS: LIST })).toBe("configured");
  expect(iceServerSource({ TURN_KEY_API_TOKEN: TOKEN, TURN_API_URL: TURN.TURN_API_URL })).toBe("none");
  expect(iceServerSource({ TURN_API_URL: TURN.TURN_API_URL })).toBe("none");
});

test("the settings are read from the env, with Cloudflare's API as the default", () => {
  const env = readEnv({ TURN_KEY_ID: "key-123", TURN_KEY_API_TOKEN: TOKEN, ICE_SERVERS: "" } as unknown as Env);
  expect(env.TURN_API_URL).toBe("https://rtc.live.cloudflare.com");
  expect(env.ICE_SERVERS).toBeUndefined();
  expect(iceServerSource(env)).toBe("cloudflare-turn");
});

test("credentials last until the room closes, at least 10 minutes and at most 48 hours", () => {
  expect(turnTtlSeconds(CLOSES_AT, NOW)).toBe(95 * 60);
  expect(turnTtlSeconds(new Date(NOW.getTime() + 1_500), NOW)).toBe(MIN_TURN_TTL_SECONDS);
  expect(turnTtlSeconds(new Date(NOW.getTime() - 60_000), NOW)).toBe(MIN_TURN_TTL_SECONDS);
  expect(turnTtlSeconds(new Date(NOW.getTime() + 601_001), NOW)).toBe(602);
  expect(turnTtlSeconds(new Date(NOW.getTime() + 7 * 86_400_000), NOW)).toBe(MAX_TURN_TTL_SECONDS);
});

test("a configured list is accepted in RTCIceServer's shape", () => {
  expect(parseIceServers(LIST)).toEqual({ ok: true, servers: JSON.parse(LIST) });
  expect(parseIceServers("[]")).toEqual({ ok: true, servers: [] });
});

test("a configured list that is not JSON, not a list, or has a bad entry is refused with the reason", () => {
  const cases: [string, RegExp][] = [
    ["stun:stun.example.com", /not JSON/],
    ['{"urls":"stun:stun.example.com"}', /list/],
    ['[{"urls":"https://stun.example.com"}]', /urls.*stun:, stuns:, turn: or turns: URL/],
    ['[{"urls":[]}]', /urls/],
    ['[{"urls":"turn:turn.example.com:3478"}]', /TURN server needs a username and a credential/],
    ['[{"urls":"turn:turn.example.com:3478","username":"u"}]', /TURN server needs a username and a credential/],
    ['[{"urls":"stun:stun.example.com","password":"x"}]', /password|Unrecognized/i],
    [JSON.stringify(Array.from({ length: 11 }, () => ({ urls: "stun:stun.example.com" }))), /list/],
  ];
  for (const [text, reason] of cases) {
    const result = parseIceServers(text);
    expect(result.ok, text).toBe(false);
    if (!result.ok) expect(result.error, text).toMatch(reason);
  }
});

test("URLs on port 53 are left out (browsers refuse them), and a server left without URLs", () => {
  expect(
    withoutPort53([
      { urls: "stun:a.example.com:53" },
      { urls: ["turn:b.example.com:53?transport=udp", "turn:b.example.com:3478"], username: "u", credential: "c" },
    ]),
  ).toEqual([{ urls: ["turn:b.example.com:3478"], username: "u", credential: "c" }]);
});

test("the minting URL is the key's generate-ice-servers endpoint under the configured base", () => {
  expect(turnCredentialsUrl({ TURN_API_URL: "https://rtc.live.cloudflare.com" }, "key-123")).toBe(
    "https://rtc.live.cloudflare.com/v1/turn/keys/key-123/credentials/generate-ice-servers",
  );
  expect(turnCredentialsUrl({ TURN_API_URL: "http://127.0.0.1:9999/" }, "a/b")).toBe(
    "http://127.0.0.1:9999/v1/turn/keys/a%2Fb/credentials/generate-ice-servers",
  );
});

test("with a TURN key, credentials are minted for the room's remaining time; the token goes only in the Authorization header", async () => {
  const { context, calls } = contextWith(TURN, () => Response.json(CLOUDFLARE_ANSWER, { status: 201 }));
  const answer = await iceServersFor(context, CLOSES_AT);
  expect(calls).toHaveLength(1);
  expect(calls[0]?.url).toBe("http://127.0.0.1:9999/v1/turn/keys/key-123/credentials/generate-ice-servers");
  expect(calls[0]?.init.method).toBe("POST");
  expect(new Headers(calls[0]?.init.headers).get("Authorization")).toBe(`Bearer ${TOKEN}`);
  expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ ttl: 95 * 60 });
  expect(answer).toEqual({
    source: "cloudflare-turn",
    expiresAt: "2026-12-03T00:00:00.000Z",
    iceServers: [
      { urls: ["stun:stun.cloudflare.com:3478"] },
      {
        urls: [
          "turn:turn.cloudflare.com:3478?transport=udp",
          "turn:turn.cloudflare.com:3478?transport=tcp",
          "turns:turn.cloudflare.com:5349?transport=tcp",
          "turns:turn.cloudflare.com:443?transport=tcp",
        ],
        username: "minted-user",
        credential: "minted-credential",
      },
    ],
  });
  expect(JSON.stringify(answer)).not.toContain(TOKEN);
});

test("when minting fails, the configured list (or none) is given and the failure logged without the token", async () => {
  const errors = allowConsoleErrors();
  const failures: (() => Response | Promise<Response>)[] = [
    () => new Response("unauthorised", { status: 401 }),
    () => Response.json({ nothing: true }),
    () => new Response("not json"),
    () => Promise.reject(new TypeError("fetch failed")),
  ];
  for (const fail of failures) {
    const withList = contextWith({ ...TURN, ICE_SERVERS: LIST }, fail);
    expect(await iceServersFor(withList.context, CLOSES_AT)).toEqual({ iceServers: JSON.parse(LIST), source: "configured", expiresAt: null });
    const withoutList = contextWith(TURN, fail);
    expect(await iceServersFor(withoutList.context, CLOSES_AT)).toEqual({ iceServers: [], source: "none", expiresAt: null });
  }
  expect(errors).toHaveLength(failures.length * 2);
  expect(errors[0]).toMatch(/TURN credentials could not be minted the TURN service answered 401/);
  expect(errors.join("\n")).not.toContain(TOKEN);
});

test("without a TURN key the configured list is served as it is, with no request made", async () => {
  const { context, calls } = contextWith({ ICE_SERVERS: LIST }, () => Response.json(CLOUDFLARE_ANSWER));
  expect(await iceServersFor(context, CLOSES_AT)).toEqual({ iceServers: JSON.parse(LIST), source: "configured", expiresAt: null });
  expect(calls).toHaveLength(0);
});

test("an unusable configured list gives none, and says why in the log", async () => {
  const errors = allowConsoleErrors();
  const { context } = contextWith({ ICE_SERVERS: '[{"urls":"turn:turn.example.com"}]' }, () => Response.json(CLOUDFLARE_ANSWER));
  expect(await iceServersFor(context, CLOSES_AT)).toEqual({ iceServers: [], source: "none", expiresAt: null });
  expect(errors).toEqual([expect.stringMatching(/ICE_SERVERS: 0 \(a TURN server needs a username and a credential\)/)]);
});

test("with nothing configured there are no ICE servers: host candidates only", async () => {
  const { context, calls } = contextWith({}, () => Response.json(CLOUDFLARE_ANSWER));
  expect(await iceServersFor(context, CLOSES_AT)).toEqual({ iceServers: [], source: "none", expiresAt: null });
  expect(calls).toHaveLength(0);
});
