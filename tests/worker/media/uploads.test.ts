import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { photoDimensions } from "~/coach-network/photo-metadata";
import { uploadMedia } from "~/content/media.server";
import { pngOf } from "../../factories/media";
import { createUser } from "../../factories/users";
import { contextFor } from "../app";

test("an image upload gets its SPEC §9 sizes as WebP and a fallback, none wider than the original", async () => {
  const admin = await createUser({ roles: ["admin"] });
  const png = await pngOf(800, 450);
  const result = await uploadMedia(contextFor(), { file: new File([png], "chart.png", { type: "image/png" }), alt: "A chart", actorId: admin.id });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  if (!result.ok) return;
  const variants = JSON.parse(result.asset.variants) as { width: number; format: string; key: string }[];
  expect(variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual(["380.png", "380.webp", "768.png", "768.webp"]);
  const small = await env.UPLOADS.get(variants.find((v) => v.width === 380 && v.format === "webp")!.key);
  const bytes = new Uint8Array(await small!.arrayBuffer());
  expect(photoDimensions(bytes, "image/webp")).toEqual({ width: 380, height: 214 });
});
