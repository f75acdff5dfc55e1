/**
 * Video meeting bench (part of `npm run bench`; flags: `--port <n>`, 8802 unless given; `--runs <n>`, 10).
 *
 *   1. The room's lazily loaded JavaScript: the chunk app/meetings/ui/room-entry.tsx imports after
 *      the meeting page hydrates (assets/room-*.js, with the lobby and the call) and its static
 *      imports, less what the meeting page's first load (entry, root, the route) already has; gzip
 *      level 9, kB (1 kB = 1000 bytes), as scripts/bench.ts counts first-load JS. Its stylesheet
 *      is reported beside it.
 *   2. Time from pressing Join to the first frame of the other person's video: the local server
 *      (scripts/serve.ts on fresh state, with the journeys' account, session and booking helpers),
 *      Chromium with its fake camera and microphone, a coach already in the call and a client who
 *      opens the room, presses Join (the click's time, in the page) and sees the coach's first video
 *      frame (the remote video has a frame: readyState ≥ HAVE_CURRENT_DATA, as at loadeddata, with a
 *      size; checked on every animation frame, in the page), then leaves; median of
 *      `--runs`, on loopback.
 *
 * Uses the existing build (build/client; `npm run build` first when there is none).
 * Exit code 1 when something could not be measured.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { constants as zlibConstants, gzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { hashPassword } from "../app/auth/password.server";
import { freshState, median, portFlag, ROOT, startServer, type LocalServer } from "./bench-support";
import { CHROMIUM_ARGS, resolveChromium } from "./chromium";

const PORT = portFlag(8802);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = (() => {
  const index = process.argv.indexOf("--runs");
  return index > -1 ? Number(process.argv[index + 1]) : 10;
})();
const CLIENT_DIR = path.join(ROOT, "build", "client");
const ROOM_ROUTE = "routes/meeting.$meetingId";

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const gzipBytes = async (file: string) => gzipSync(await readFile(path.join(CLIENT_DIR, file)), { level: zlibConstants.Z_BEST_COMPRESSION }).length;

/** The meeting page's first-load files, from Remix's manifest: the client entry, root and the route with their static imports. */
async function meetingPageFiles(): Promise<Set<string>> {
  const assets = await readdir(path.join(CLIENT_DIR, "assets"));
  const manifestFile = assets.find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error("no Remix manifest in build/client/assets");
  const text = await readFile(path.join(CLIENT_DIR, "assets", manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
  };
  const files = new Set<string>();
  const add = (m: { module: string; imports?: string[] }) => [m.module, ...(m.imports ?? [])].forEach((url) => files.add(url.replace(/^\//, "")));
  add(manifest.entry);
  let route = manifest.routes[ROOM_ROUTE];
  if (!route) throw new Error(`no route ${ROOM_ROUTE} in the Remix manifest`);
  for (; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) add(route);
  return files;
}

/** A chunk and its static imports (from its own import statements), less the files in `loaded`. */
async function staticClosure(start: string, loaded: Set<string>): Promise<string[]> {
  const files: string[] = [];
  const queue = [start];
  const seen = new Set(loaded);
  while (queue.length) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    files.push(file);
    const code = await readFile(path.join(CLIENT_DIR, file), "utf8");
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) queue.push(`assets/${match[1]}`);
  }
  return files;
}

async function measureLazyRoom() {
  const assets = await readdir(path.join(CLIENT_DIR, "assets"));
  const chunk = assets.find((name) => /^room-[\w-]+\.js$/.test(name));
  if (!chunk) throw new Error("no lazily loaded room chunk (assets/room-*.js) in the build");
  const pageFiles = await meetingPageFiles();
  if (pageFiles.has(`assets/${chunk}`)) throw new Error("the room's chunk is in the meeting page's first load: it should load lazily");
  const files = await staticClosure(`assets/${chunk}`, pageFiles);
  let js = 0;
  for (const file of files) js += await gzipBytes(file);
  let css = 0;
  for (const name of assets.filter((name) => /^(room|lobby)-[\w-]+\.css$/.test(name))) css += await gzipBytes(`assets/${name}`);
  return { files, jsKb: round(js / 1000), cssKb: round(css / 1000) };
}

// ── Join → first remote frame ────────────────────────────────────────────────────────────────

async function post(context: BrowserContext, url: string, data: unknown, status: number) {
  const response = await context.request.post(`${ORIGIN}${url}`, { data });
  if (response.status() !== status) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return response;
}

async function account(context: BrowserContext, firstName: string, roles: string[], passwordHash: string) {
  const email = `${firstName.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@bench.example`;
  await post(context, "/__test/accounts", { email, passwordHash, firstName, lastName: "Bench", roles }, 201);
  await post(context, "/__test/sessions", { email }, 204);
  return email;
}

/** In the page, before it loads: the time of the click on Join. */
function instrument() {
  const w = window as unknown as { __joinAt?: number };
  document.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element | null)?.closest("button");
      if (button && /^Join/.test(button.textContent ?? "")) w.__joinAt = performance.now();
    },
    { capture: true },
  );
}

async function joinToFirstFrame(page: Page, meetingId: string): Promise<number> {
  await page.goto(`${ORIGIN}/meeting/${meetingId}`);
  const join = page.getByRole("button", { name: /^Join (now|the call)$/ });
  await join.waitFor();
  await join.click();
  // Checked on every animation frame: the first frame the remote video has (readyState ≥ HAVE_CURRENT_DATA, as at loadeddata, with a size).
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-tile"] video');
      if (!video || video.readyState < 2 || video.videoWidth === 0) return false;
      const w = window as unknown as { __firstFrameAt?: number };
      w.__firstFrameAt ??= performance.now();
      return true;
    },
    null,
    { polling: "raf", timeout: 30_000 },
  );
  const ms = await page.evaluate(() => {
    const w = window as unknown as { __joinAt: number; __firstFrameAt: number };
    return w.__firstFrameAt - w.__joinAt;
  });
  await page.getByRole("button", { name: "Leave" }).click();
  await page.getByRole("heading", { name: "You left the call" }).waitFor();
  return ms;
}

async function measureJoin() {
  const state = freshState("bench-meeting-");
  let server: LocalServer | undefined;
  const browserPath = await resolveChromium();
  const browser = await chromium.launch({
    executablePath: browserPath.executablePath,
    env: browserPath.env,
    args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required"],
  });
  try {
    server = await startServer({ port: PORT, state, testAccounts: true });
    const passwordHash = await hashPassword(crypto.randomUUID());
    const contextOptions = { permissions: ["camera", "microphone"], viewport: { width: 1280, height: 800 } };
    const coachContext = await browser.newContext(contextOptions);
    const clientContext = await browser.newContext(contextOptions);
    const coach = await account(coachContext, "Coach", ["coach"], passwordHash);
    const client = await account(clientContext, "Client", [], passwordHash);
    const booking = await post(coachContext, "/__test/bookings", { coachEmail: coach, clientEmail: client }, 201);
    const { id: meetingId } = (await booking.json()) as { id: string };

    const coachPage = await coachContext.newPage();
    await coachPage.goto(`${ORIGIN}/meeting/${meetingId}`);
    await coachPage.getByRole("button", { name: /^Join (now|the call)$/ }).click();
    await coachPage.getByRole("heading", { level: 1, name: /with/ }).waitFor();

    const clientPage = await clientContext.newPage();
    await clientPage.addInitScript(instrument);
    // One run to warm up (the room's chunk into the cache, the workerd isolate), not counted.
    await joinToFirstFrame(clientPage, meetingId);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push(await joinToFirstFrame(clientPage, meetingId));
    return times;
  } finally {
    await browser.close();
    server?.stop();
    state.remove();
  }
}

async function main() {
  if (!existsSync(path.join(CLIENT_DIR, "assets"))) execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  const lazy = await measureLazyRoom();
  const times = await measureJoin();
  console.log("\nVideo meeting");
  console.log(
    `  room's lazily loaded JS: ${lazy.jsKb.toFixed(1)} kB gzip (${lazy.files.length} files: ${lazy.files.join(", ")}); its CSS ${lazy.cssKb.toFixed(1)} kB gzip`,
  );
  console.log(
    `  Join → first remote video frame: median ${Math.round(median(times))} ms of ${times.length} (loopback; runs ${times.map((t) => Math.round(t)).join(", ")} ms)`,
  );
}

main().catch((error: unknown) => {
  console.error("bench-meeting:", error instanceof Error ? error.message : error);
  process.exit(1);
});
