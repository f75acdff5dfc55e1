/**
 * The app's Worker as Miniflare runs it from a build snapshot (build-snapshot.ts): wrangler.toml's
 * bindings, the bundled Worker as its one module and the snapshot's client files as static assets.
 * Shared by the local server (serve.ts) and the bench's cold-start measurement (bench-worker.ts).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import type { BuildSnapshot } from "./build-snapshot";

const CONFIG = fileURLToPath(new URL("../wrangler.toml", import.meta.url));

export function appWorker(snapshot: Pick<BuildSnapshot, "workerFile" | "clientDir">, bindings: Record<string, string>) {
  const config = unstable_readConfig({ config: CONFIG });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config, undefined, {
    overrides: { assets: { directory: snapshot.clientDir, binding: config.assets?.binding } },
  });
  const worker = {
    ...workerOptions,
    name: config.name,
    modulesRoot: path.dirname(snapshot.workerFile),
    modules: [{ type: "ESModule", path: snapshot.workerFile }],
    bindings: { ...workerOptions.bindings, ...bindings },
  } as WorkerOptions;
  return { config, worker };
}
