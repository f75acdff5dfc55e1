/**
 * Puts the curriculum's lesson media (videos and captions, in media/ under their bucket keys, made by
 * scripts/learning-video.ts) into the local UPLOADS bucket, for `npm start` and the journeys' server.
 * Idempotent and quick: one Miniflare writes the bucket where `wrangler r2 object put --local
 * --persist-to <state>` would (a second or two in all, rather than a wrangler process of several
 * seconds per file), and a stamp beside the state records what was put, so re-seeding the same
 * state uploads nothing while fresh state (the journeys' server) gets everything again.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { CURRICULUM } from "../app/learning/curriculum";

/** The UPLOADS binding's bucket (wrangler.toml). */
const BUCKET = "clarityai-uploads";
/** Where wrangler keeps local state unless told otherwise (--persist-to). */
const DEFAULT_STATE = ".wrangler/state";

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

/** Puts what changed since the last seed of this state; `args` are the seed's (e.g. --persist-to <dir>). */
export async function putLearningMedia(args: string[]): Promise<number> {
  const at = args.indexOf("--persist-to");
  const state = at >= 0 ? (args[at + 1] ?? DEFAULT_STATE) : DEFAULT_STATE;
  const stampFile = join(state, "learning-media.json");
  const stamp: Record<string, string> = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, "utf8")) : {};
  const bucketKept = existsSync(join(state, "v3", "r2", BUCKET));
  const changed = learningMediaFiles()
    .map((media) => ({ ...media, bytes: readFileSync(media.file) }))
    .map((media) => ({ ...media, hash: createHash("sha256").update(media.bytes).digest("hex") }))
    .filter((media) => !bucketKept || stamp[media.key] !== media.hash);
  if (changed.length === 0) return 0;
  // The local bucket as `wrangler r2 object put --local --persist-to <state>` and scripts/serve.ts keep
  // it (<state>/v3), written by one Miniflare rather than one wrangler process per file.
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
    r2Buckets: { UPLOADS: BUCKET },
    defaultPersistRoot: join(resolve(state), "v3"),
    cf: false,
    log: new Log(LogLevel.WARN),
  });
  try {
    const bucket = await mf.getR2Bucket("UPLOADS");
    for (const { key, bytes, type, hash } of changed) {
      // A fresh copy: the proxy takes a whole ArrayBuffer, not a view into Node's shared pool.
      await bucket.put(key, new Uint8Array(bytes), { httpMetadata: { contentType: type } });
      stamp[key] = hash;
    }
  } finally {
    await mf.dispose();
  }
  writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
  return changed.length;
}
