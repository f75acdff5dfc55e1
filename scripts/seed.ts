/**
 * Seeds a local D1 database with the demo content of app/db/seed-data.ts. Safe to re-run: rows are
 * inserted only when missing, so existing local data is kept; only the demo video session moves, to
 * the current time, so its meeting room is open after every start. Then starts a new content version, so
 * the edge cache renders every public page afresh (decision record 005). Last, the lesson videos and
 * their captions go into the local UPLOADS bucket (scripts/learning-media.ts; only what changed).
 * Usage: tsx scripts/seed.ts [--persist-to <dir>]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoMeetingStatements, SEED_STATEMENTS } from "../app/db/seed-data";
import { contentIndexStatements } from "../app/ai-coach/content-index.server";
import { CONTENT_VERSION_KEY, newContentVersion } from "../app/edge-cache/edge-cache.server";
import { putLearningMedia } from "./learning-media";
import { marketingDemoStatements } from "./marketing-demo-data";

const dir = mkdtempSync(join(tmpdir(), "clarityai-seed-"));
try {
  const file = join(dir, "seed.sql");
  // Then the AI coach's full-text index of the site's content, rebuilt from what was just seeded.
  // And about 60 days of demo page views and conversions for the marketing report (/admin/marketing).
  const marketing = marketingDemoStatements();
  // And the demo video session, moved to now at every start (its room is open for about three hours).
  const meeting = demoMeetingStatements(new Date());
  writeFileSync(file, `${[...SEED_STATEMENTS, ...contentIndexStatements(), ...marketing, ...meeting].join("\n")}\n`);
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...process.argv.slice(2)], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  console.log(`Seed applied: ${SEED_STATEMENTS.length + marketing.length} demo rows checked (existing rows kept).`);
  const version = newContentVersion();
  execFileSync("npx", ["wrangler", "kv", "key", "put", CONTENT_VERSION_KEY, version, "--binding", "EDGE_CACHE", "--local", ...process.argv.slice(2)], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  console.log(`Content version ${version}: cached public pages are rendered afresh.`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// And the lesson videos and captions, into the local UPLOADS bucket (only what changed).
const media = await putLearningMedia(process.argv.slice(2));
console.log(`Lesson media: ${media} file(s) put into the local UPLOADS bucket (unchanged files skipped).`);
