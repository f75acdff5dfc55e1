import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { thirdPartyLicences } from "./scripts/vite-third-party-licences";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
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
});
