import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

// The browser's JavaScript ships without the third-party licence comments esbuild would otherwise keep
// in every chunk (about 0.8 kB of gzip on every page's first load). The licences travel instead in
// one file, /third-party-licences.txt, made from the packages whose code is in the client build.

const PACKAGE_IN_PATH = /^(.*[\\/]node_modules[\\/])((?:@[^\\/]+[\\/])?[^\\/]+)/;

function licenceText(dir: string): string {
  const file = readdirSync(dir).find((name) => /^licen[cs]e/i.test(name));
  return file ? readFileSync(path.join(dir, file), "utf8").trim() : "";
}

export function thirdPartyLicences(): Plugin {
  return {
    name: "third-party-licences",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const packages = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of Object.keys(output.modules)) {
          const match = PACKAGE_IN_PATH.exec(id.replace(/^\0/, ""));
          if (match) packages.set(match[2]!.replace(/\\/g, "/"), match[1]! + match[2]!);
        }
      }
      const sections = [...packages.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, dir]) => {
          const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version?: string; license?: string };
          return [`${name} ${manifest.version ?? ""} (${manifest.license ?? "see below"})`, "", licenceText(dir)].join("\n").trim();
        });
      this.emitFile({
        type: "asset",
        fileName: "third-party-licences.txt",
        source: `Third-party software in this site's JavaScript, and its licences.\n\n${sections.join(`\n\n${"-".repeat(72)}\n\n`)}\n`,
      });
    },
  };
}
