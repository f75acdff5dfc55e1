/**
 * Puts the curriculum's lesson media (videos and captions, in media/ under their bucket keys, made by
 * scripts/learning-video.ts) into the local UPLOADS bucket, for `npm start` and the journeys' server.
 * Idempotent and quick: a stamp beside the local state records what was put, so an unchanged seed of
 * the same state uploads nothing; fresh state (the journeys' server) uploads again.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { CURRICULUM } from "../app/learning/curriculum";

/** The UPLOADS binding's bucket (wrangler.toml). */
const BUCKET = "clarityai-uploads";

export function learningMediaFiles(): { key: string; file: string; type: string }[] {
  return CURRICULUM.flatMap((module) =>
    module.lessons.flatMap((lesson) =>
      lesson.video
        ? [
            { key: lesson.video.key, file: join("media", lesson.video.key), type: lesson.video.type },
            { key: lesson.video.captionsKey, file: join("media", lesson.video.captionsKey), type: "text/vtt" },
          ]
        : [],
    ),
  );
}

/** Uploads what changed since the last seed of this state; `args` are the seed's (e.g. --persist-to <dir>). */
export async function putLearningMedia(args: string[]): Promise<number> {
  const at = args.indexOf("--persist-to");
  const state = at >= 0 ? (args[at + 1] ?? ".wrangler/state") : ".wrangler/state";
  const stampFile = join(state, "learning-media.json");
  const stamp: Record<string, string> = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, "utf8")) : {};
  const bucketKept = existsSync(join(state, "v3", "r2", BUCKET));
  let uploaded = 0;
  // One at a time: each put opens the same local bucket.
  for (const { key, file, type } of learningMediaFiles()) {
    const hash = createHash("sha256").update(readFileSync(file)).digest("hex");
    if (bucketKept && stamp[key] === hash) continue;
    await promisify(execFile)("npx", ["wrangler", "r2", "object", "put", `${BUCKET}/${key}`, "--file", file, "--content-type", type, "--local", ...args], {
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    });
    stamp[key] = hash;
    uploaded++;
    writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
  }
  return uploaded;
}
