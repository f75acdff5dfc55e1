/**
 * A snapshot of the production build that a server can run while build/ changes under it: a copy of
 * build/client (and build/.vite, when vite.config.ts keeps the Vite manifest) and the Worker bundled
 * once as `wrangler deploy` would upload it. Used by the local server (serve.ts) and the bench.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUILD_DIR = path.join(ROOT, "build");

export type BuildSnapshot = {
  /** Copy of build/client, served as the assets directory. */
  clientDir: string;
  /** Copy of build/.vite (the Vite manifest when vite.config.ts keeps it), if there was one. */
  viteDir: string;
  /** The Worker as `wrangler deploy` would upload it. */
  workerFile: string;
};

/** The one build/client/assets/manifest-*.js of a client build. */
export async function findRemixManifest(clientDir: string): Promise<string> {
  const assets = path.join(clientDir, "assets");
  const names = existsSync(assets) ? (await readdir(assets)).filter((n) => /^manifest-[\w-]+\.js$/.test(n)) : [];
  if (names.length !== 1) throw new Error(`expected one build/client/assets/manifest-*.js, found ${names.length}`);
  return path.join(assets, names[0]!);
}

/**
 * Writes the snapshot into `dir` (emptied first). Throws when there is no build, and when its client
 * and server halves come from different builds (a rebuild landed while it was copied).
 */
export async function snapshotBuild(dir: string): Promise<BuildSnapshot> {
  if (!existsSync(path.join(BUILD_DIR, "client"))) throw new Error("No build to serve: run `npm run build` first (npm start does).");
  const snapshot: BuildSnapshot = {
    clientDir: path.join(dir, "client"),
    viteDir: path.join(dir, "vite"),
    workerFile: path.join(dir, "worker", "app.js"),
  };
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await cp(path.join(BUILD_DIR, "client"), snapshot.clientDir, { recursive: true });
  if (existsSync(path.join(BUILD_DIR, ".vite"))) await cp(path.join(BUILD_DIR, ".vite"), snapshot.viteDir, { recursive: true });
  await promisify(execFile)("npx", ["wrangler", "deploy", "--dry-run", "--outdir", path.dirname(snapshot.workerFile)], {
    cwd: ROOT,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (!existsSync(snapshot.workerFile)) throw new Error(`wrangler deploy --dry-run wrote no ${snapshot.workerFile}`);
  // Remix's manifest file name hashes every client chunk; the server build embeds that name.
  const manifestName = path.basename(await findRemixManifest(snapshot.clientDir));
  if (!(await readFile(snapshot.workerFile, "utf8")).includes(`/assets/${manifestName}`)) {
    throw new Error(`the server build does not reference ${manifestName}: client and server come from different builds`);
  }
  return snapshot;
}
