import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// The browser for the Playwright journeys and the benchmark's Lighthouse runs, first found of:
//   1. CHROMIUM_PATH, when set;
//   2. the system's Chromium at /usr/bin/chromium (Debian's `chromium` package);
//   3. the headless Chromium inside the npm package @sparticuz/chromium (a devDependency), unpacked
//      to the temporary directory on first use, so `npm ci && npm test` needs nothing beyond Node on
//      Linux x64. Where the machine lacks the NSS libraries that build links against, the copies
//      shipped in the same package are used.
// The networking flags keep the browser off the closed internet.

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const SYSTEM_CHROMIUM = "/usr/bin/chromium";
// Passes the packaged libraries' folder on to child processes (Playwright's workers), with CHROMIUM_PATH.
const LIBRARY_PATH_VARIABLE = "CHROMIUM_LIBRARY_PATH";

export type ResolvedChromium = {
  executablePath: string;
  /** Where it came from, for logs. */
  source: "CHROMIUM_PATH" | "system" | "@sparticuz/chromium";
  /** The environment to start it with: undefined means the current one. */
  env: Record<string, string> | undefined;
};

export async function resolveChromium(): Promise<ResolvedChromium> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return { executablePath: configured, source: "CHROMIUM_PATH", env: withLibraryPath(process.env[LIBRARY_PATH_VARIABLE]) };
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, source: "system", env: undefined };

  const { default: packaged } = await import("@sparticuz/chromium");
  const executablePath = await packaged.executablePath();
  let libraryPath: string | undefined;
  if (missingLibraries(executablePath)) {
    const require = createRequire(import.meta.url);
    const buildFolder = path.dirname(require.resolve("@sparticuz/chromium"));
    // Release 143 (the last for Node 20) unpacks with this function but does not export it: loaded by path.
    const { inflate } = require(path.join(buildFolder, "lambdafs.cjs")) as { inflate: (file: string) => Promise<string> };
    libraryPath = path.join(await inflate(path.join(buildFolder, "..", "..", "bin", "al2023.tar.br")), "lib");
  }
  // Processes started from here on (Playwright's workers, Lighthouse runs) find it without unpacking again.
  process.env.CHROMIUM_PATH = executablePath;
  if (libraryPath) process.env[LIBRARY_PATH_VARIABLE] = libraryPath;
  return { executablePath, source: "@sparticuz/chromium", env: withLibraryPath(libraryPath) };
}

function withLibraryPath(libraryPath: string | undefined): Record<string, string> | undefined {
  if (!libraryPath) return undefined;
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  env["LD_LIBRARY_PATH"] = [libraryPath, process.env.LD_LIBRARY_PATH].filter(Boolean).join(":");
  return env;
}

/** True when the dynamic loader cannot find a shared library the binary needs (`ldd` says "not found"). */
function missingLibraries(executablePath: string): boolean {
  try {
    return /not found/.test(execFileSync("ldd", [executablePath], { encoding: "utf8" }));
  } catch {
    return true;
  }
}
