import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { thirdPartyLicences } from "./scripts/vite-third-party-licences";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: {
    target: "webworker",
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: {
    // Remix preloads each route's modules itself. Vite's preload helper would only wrap the few lazy
    // imports (the AI coach button and chat window), whose dependencies are already loaded by then, and
    // it costs first-load bytes on every page.
    modulePreload: false,
    // The browser's chunks go through terser, a little smaller than esbuild's output once gzipped; the
    // server build is minified once, when wrangler bundles the Worker (wrangler.toml: minify).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 }, module: true },
    // The server build gets a source map, which wrangler follows into the deploy bundle's own: the
    // Worker's logged stack traces point at app/ files. The browser's chunks get none.
    sourcemap: Boolean(isSsrBuild),
    // The app's own modules have no side effects on import (package.json says so; nothing in app/ is
    // imported for its effects), so a browser chunk keeps only the bindings a page uses: a page that
    // takes a list of labels re-exported by a schemas module does not bring that module's zod schemas.
    rollupOptions: isSsrBuild ? {} : { treeshake: { moduleSideEffects: (id: string, external: boolean) => external || !/\/app\/[^?]*\.tsx?(\?|$)/.test(id) } },
  },
  // Licence comments go to /third-party-licences.txt (scripts/vite-third-party-licences.ts), not into
  // every chunk the browser downloads.
  esbuild: { legalComments: "none" },
  plugins: [
    thirdPartyLicences(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
}));
