import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type IConfiguration, type IViolation } from "dependency-cruiser";
import { afterAll, expect, test } from "vitest";

// The import rules of `npm run lint:deps`, run over small trees of files written for each case, so a
// rule that stops matching (a typo in a pattern) fails here rather than passing everything.

// The config is a plain .mjs file (no types of its own), so it is loaded by URL.
const CONFIG_URL = new URL("../../.dependency-cruiser.mjs", import.meta.url).href;
const { default: config } = (await import(/* @vite-ignore */ CONFIG_URL)) as { default: IConfiguration };

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), "dependency-rules-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await cruise(
    ["app", "workers"].filter((folder) => Object.keys(files).some((path) => path.startsWith(`${folder}/`))),
    { baseDir: root, ruleSet: { forbidden: config.forbidden ?? [] }, validate: true, tsPreCompilationDeps: true, doNotFollow: { path: "node_modules" } },
    { extensions: [".ts", ".tsx"] },
  );
  if (typeof result.output === "string") throw new Error(result.output);
  return result.output.summary.violations.map((violation: IViolation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`).sort();
}

// The check names each cycle once, at one of its imports.
test("a cycle is refused, also when it runs through type-only imports or a dynamic import", async () => {
  expect(
    await violationsOf({
      "app/leads/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
      "app/leads/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
      "app/components/widget/launcher.tsx": 'export const KEY = "k";\nexport const load = () => import("./window");\n',
      "app/components/widget/window.tsx": 'import { KEY } from "./launcher";\nexport const key = KEY;\n',
    }),
  ).toEqual(["no-cycle: app/components/widget/launcher.tsx → app/components/widget/window.tsx", "no-cycle: app/leads/a.ts → app/leads/b.ts"]);
});

test("a route imports its own folder's files but no other route's, whatever its name", async () => {
  expect(
    await violationsOf({
      "app/routes/booking/route.tsx": 'import { part } from "./part";\nexport const page = part;\n',
      "app/routes/booking/part.ts": "export const part = 1;\n",
      "app/routes/booking_.manage.$token/route.tsx":
        'import { view } from "./view.server";\nimport { part } from "../booking/part";\nexport const page = [view, part];\n',
      "app/routes/booking_.manage.$token/view.server.ts": "export const view = 1;\n",
      "app/routes/booking-confirmation/route.tsx": 'import { part } from "../booking/part";\nexport const page = part;\n',
      "app/routes/_index.tsx": 'import { part } from "./booking/part";\nexport const page = part;\n',
    }),
  ).toEqual([
    "flat-route-imports-a-route: app/routes/_index.tsx → app/routes/booking/part.ts",
    "route-imports-another-route: app/routes/booking-confirmation/route.tsx → app/routes/booking/part.ts",
    "route-imports-another-route: app/routes/booking_.manage.$token/route.tsx → app/routes/booking/part.ts",
  ]);
});

test("platform, db, utils and UI primitives import no domain, context, component or route", async () => {
  expect(
    await violationsOf({
      "app/booking/rules.ts": "export const RULE = 1;\n",
      "app/context.server.ts": "export type Context = { id: string };\n",
      "app/components/card.tsx": "export const Card = 1;\n",
      "app/platform/env.server.ts": "export const ENV = 1;\n",
      "app/utils/format.ts": 'import { ENV } from "../platform/env.server";\nimport { RULE } from "../booking/rules";\nexport const f = [ENV, RULE];\n',
      "app/platform/cache.server.ts": 'import type { Context } from "../context.server";\nexport type C = Context;\n',
      "app/components/ui/field.tsx": 'import { Card } from "../card";\nexport const Field = Card;\n',
    }),
  ).toEqual([
    "lower-layer-imports-upward: app/components/ui/field.tsx → app/components/card.tsx",
    "lower-layer-imports-upward: app/platform/cache.server.ts → app/context.server.ts",
    "lower-layer-imports-upward: app/utils/format.ts → app/booking/rules.ts",
  ]);
});

test("a schema file takes its domain's plain value lists only; the seed reads plain content only", async () => {
  expect(
    await violationsOf({
      "app/attribution/types.ts": "export const TYPES = [] as const;\n",
      "app/attribution/capture.server.ts": "export const capture = 1;\n",
      "app/content/posts.ts": "export const POSTS = [];\n",
      "app/content/markdown.server.ts": "export const md = 1;\n",
      "app/db/schema/attribution.ts":
        'import { TYPES } from "../../attribution/types";\nimport { capture } from "../../attribution/capture.server";\nexport const t = [TYPES, capture];\n',
      "app/db/seed-data.ts": 'import { POSTS } from "../content/posts";\nimport { md } from "../content/markdown.server";\nexport const s = [POSTS, md];\n',
    }),
  ).toEqual([
    "schema-imports-server-or-ui-code: app/db/schema/attribution.ts → app/attribution/capture.server.ts",
    "seed-imports-server-or-ui-code: app/db/seed-data.ts → app/content/markdown.server.ts",
  ]);
});

test("content imports no UI, and no domain, context or worker imports a route", async () => {
  expect(
    await violationsOf({
      "app/components/icons.tsx": "export const ICONS = 1;\n",
      "app/content/home.ts": 'import { ICONS } from "../components/icons";\nexport const HOME = ICONS;\n',
      "app/routes/about.tsx": "export const about = 1;\n",
      "app/leads/admin.server.ts": 'import { about } from "../routes/about";\nexport const a = about;\n',
      "app/context.server.ts": 'import { about } from "./routes/about";\nexport const c = about;\n',
      "workers/app.ts": 'import { about } from "../app/routes/about";\nexport const w = about;\n',
    }),
  ).toEqual([
    "content-imports-ui: app/content/home.ts → app/components/icons.tsx",
    "domain-imports-a-route: app/context.server.ts → app/routes/about.tsx",
    "domain-imports-a-route: app/leads/admin.server.ts → app/routes/about.tsx",
    "domain-imports-a-route: workers/app.ts → app/routes/about.tsx",
  ]);
});
