/**
 * The Worker as it deploys, for the bench (bench.ts; alone: `tsx scripts/bench-worker.ts` on the
 * current build):
 *
 *   - its size: the modules `wrangler deploy --dry-run` bundles (source maps aside, which are uploaded
 *     beside it but not run), raw and gzip, the "Total Upload" wrangler prints. Cloudflare limits a
 *     Worker's compressed size, and every cold isolate parses all of it.
 *   - its cold start: a new workerd (Miniflare, in-memory storage) on the bundle, timed from start until
 *     it is ready (process start, then the script compiled and its modules evaluated) and then until the
 *     first response to FIRST_PATH (the first request's own work: the first render, lazy initialisation).
 *     The median of RUNS, each a new process. An empty Worker started the same way gives workerd's own
 *     share, so "ours − empty" is what the app's code costs a cold isolate.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { Log, LogLevel, Miniflare, type WorkerOptions } from "miniflare";
import { median } from "./bench-support";
import type { BuildSnapshot } from "./build-snapshot";
import { appWorker } from "./worker-options";

/** A public page that reads nothing from D1 (the cold start runs on empty storage). */
export const FIRST_PATH = "/about";
export const RUNS = 7;
/** Cloudflare's unit as wrangler prints it. */
const KIB = 1024;

export type WorkerBundleReport = {
  files: string[];
  rawBytes: number;
  /** gzip at zlib's default level, as wrangler measures "Total Upload … gzip". */
  gzipBytes: number;
  /** Share of the bundle's sources (from its source map) under app/ and per package, largest first. */
  largest: { source: string; bytes: number }[];
};

export type ColdStartSample = { readyMs: number; firstResponseMs: number; totalMs: number };

export type ColdStartReport = {
  runs: number;
  path: string;
  app: { readyMs: number; firstResponseMs: number; totalMs: number; samples: ColdStartSample[] };
  empty: { readyMs: number; firstResponseMs: number; totalMs: number };
  /** Median total of the app less the empty Worker's: the app's own cold-start cost. */
  ownMs: number;
};

export async function measureWorkerBundle(snapshot: Pick<BuildSnapshot, "workerFile">): Promise<WorkerBundleReport> {
  const dir = path.dirname(snapshot.workerFile);
  const files = (await readdir(dir)).filter((name) => /\.(m?js|wasm)$/.test(name)).sort();
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const name of files) {
    const bytes = await readFile(path.join(dir, name));
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes).length;
  }
  return { files, rawBytes, gzipBytes, largest: await largestSources(snapshot.workerFile) };
}

/** Bytes of the minified bundle per package (node_modules) or app/ folder, from the source map's mappings. */
async function largestSources(workerFile: string): Promise<{ source: string; bytes: number }[]> {
  let map: { sources: string[]; mappings: string };
  try {
    map = JSON.parse(await readFile(`${workerFile}.map`, "utf8")) as typeof map;
  } catch {
    return [];
  }
  const { SourceMapConsumer } = await import("source-map-js");
  const consumer = new SourceMapConsumer(map as never);
  const lines = (await readFile(workerFile, "utf8")).split("\n");
  const group = (source: string) => {
    const packageAt = source.lastIndexOf("node_modules/");
    if (packageAt >= 0) {
      const [scope, name] = source.slice(packageAt + "node_modules/".length).split("/");
      return scope!.startsWith("@") ? `${scope}/${name}` : scope!;
    }
    const app = /(?:^|\/)(app|workers)\/([^/]+)/.exec(source);
    return app ? `${app[1]}/${app[2]!.replace(/\.[jt]sx?$/, "")}` : "(other)";
  };
  const sizes = new Map<string, number>();
  let previous: { line: number; column: number; source: string } | undefined;
  const flush = (end: { line: number; column: number } | undefined) => {
    if (!previous) return;
    const length = end && end.line === previous.line ? end.column - previous.column : (lines[previous.line - 1]?.length ?? 0) - previous.column;
    sizes.set(previous.source, (sizes.get(previous.source) ?? 0) + Math.max(0, length));
  };
  consumer.eachMapping(
    (mapping) => {
      const here = { line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source ? group(mapping.source) : "(other)" };
      flush(here);
      previous = here;
    },
    undefined,
    SourceMapConsumer.GENERATED_ORDER,
  );
  flush(undefined);
  return [...sizes].map(([source, bytes]) => ({ source, bytes })).sort((a, b) => b.bytes - a.bytes);
}

async function coldStartOnce(worker: WorkerOptions, urlPath: string): Promise<ColdStartSample> {
  const started = performance.now();
  const mf = new Miniflare({ workers: [worker], host: "127.0.0.1", port: 0, cf: false, log: new Log(LogLevel.ERROR) });
  try {
    const url = await mf.ready;
    const ready = performance.now();
    const response = await fetch(new URL(urlPath, url), { headers: { accept: "text/html" } });
    await response.arrayBuffer();
    const answered = performance.now();
    if (response.status !== 200) throw new Error(`${urlPath} answered ${response.status} on a cold start`);
    return { readyMs: ready - started, firstResponseMs: answered - ready, totalMs: answered - started };
  } finally {
    await mf.dispose();
  }
}

const medians = (samples: ColdStartSample[]) => ({
  readyMs: round(median(samples.map((s) => s.readyMs))),
  firstResponseMs: round(median(samples.map((s) => s.firstResponseMs))),
  totalMs: round(median(samples.map((s) => s.totalMs))),
});

export async function measureColdStart(snapshot: Pick<BuildSnapshot, "workerFile" | "clientDir">, runs = RUNS): Promise<ColdStartReport> {
  const { config, worker } = appWorker(snapshot, { PUBLIC_SITE_URL: "http://127.0.0.1" });
  // The same bindings (each a service workerd starts) around a script that does nothing.
  const durableObjects = (config.durable_objects?.bindings ?? []).map(
    (binding: { class_name: string }) => `export class ${binding.class_name} { fetch() { return new Response("ok"); } }`,
  );
  const empty = {
    ...worker,
    modulesRoot: undefined,
    modules: true,
    script: ['export default { fetch: () => new Response("ok"), queue() {}, scheduled() {} };', ...durableObjects].join("\n"),
  } as WorkerOptions;
  const appSamples: ColdStartSample[] = [];
  const emptySamples: ColdStartSample[] = [];
  // Alternating, so that other work on this machine weighs on both alike.
  for (let i = 0; i < runs; i++) {
    appSamples.push(await coldStartOnce(worker, FIRST_PATH));
    emptySamples.push(await coldStartOnce(empty, "/"));
  }
  const app = {
    ...medians(appSamples),
    samples: appSamples.map((s) => ({ readyMs: round(s.readyMs), firstResponseMs: round(s.firstResponseMs), totalMs: round(s.totalMs) })),
  };
  const emptyMedians = medians(emptySamples);
  return { runs, path: FIRST_PATH, app, empty: emptyMedians, ownMs: round(app.totalMs - emptyMedians.totalMs) };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export const kib = (bytes: number) => Math.round((bytes / KIB) * 100) / 100;

export function printWorker(
  bundle: WorkerBundleReport | undefined,
  coldStart: ColdStartReport | undefined,
  targets: { name: string; pass: boolean; target: string }[],
) {
  if (bundle) {
    console.log(`\nThe Worker as deployed (wrangler deploy --dry-run: ${bundle.files.join(", ")}; 1 KiB = 1024 B)`);
    console.log(`  ${kib(bundle.rawBytes)} KiB, ${kib(bundle.gzipBytes)} KiB gzip`);
    for (const target of targets) console.log(`  ${target.name}: ${target.target} ${target.pass ? "PASS" : "FAIL"}`);
    if (bundle.largest.length) {
      console.log(
        `  largest parts (minified bytes): ${bundle.largest
          .slice(0, 8)
          .map((part) => `${part.source} ${kib(part.bytes)} KiB`)
          .join(", ")}`,
      );
    }
  }
  if (coldStart) {
    console.log(`\nCold start (a new workerd on the bundle, then GET ${coldStart.path}; median of ${coldStart.runs})`);
    console.log(`  app:   ready ${coldStart.app.readyMs} ms, first response ${coldStart.app.firstResponseMs} ms, total ${coldStart.app.totalMs} ms`);
    console.log(`  empty: ready ${coldStart.empty.readyMs} ms, first response ${coldStart.empty.firstResponseMs} ms, total ${coldStart.empty.totalMs} ms`);
    console.log(`  the app's own cold start (app − empty): ${coldStart.ownMs} ms`);
  }
}

// Alone: snapshot the current build (run `npm run build` first) and measure it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { mkdtemp, rm } = await import("node:fs/promises");
  const os = await import("node:os");
  const { snapshotBuild } = await import("./build-snapshot");
  const dir = await mkdtemp(path.join(os.tmpdir(), "clarity-worker-bench-"));
  try {
    const snapshot = await snapshotBuild(dir);
    const bundle = await measureWorkerBundle(snapshot);
    printWorker(bundle, undefined, []);
    printWorker(undefined, await measureColdStart(snapshot), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
