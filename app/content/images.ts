import type { ImageKey } from "./types";

// Build-time responsive images (SPEC §9): every illustration is rendered by scripts/build-images.ts
// at each of these widths, at quality 85, as AVIF and WebP with a JPEG fallback.
export const IMAGE_WIDTHS = [380, 768, 1024, 1280, 1600, 1920] as const;
export const IMAGE_QUALITY = 85;
export const IMAGE_ASPECT = { width: 1920, height: 1080 } as const;
export const IMAGE_FORMATS = ["avif", "webp", "jpg"] as const;

export function imageUrl(key: ImageKey, width: number, format: (typeof IMAGE_FORMATS)[number]) {
  return `/images/${key}-${width}.${format}`;
}

// Each illustration is an abstract composition in the brand palette; `motif` picks its shapes.
export const ILLUSTRATIONS: Record<ImageKey, { motif: "rings" | "bars" | "grid" | "waves" | "nodes" | "skyline"; accent: string }> = {
  strategy: { motif: "rings", accent: "#f5a524" },
  "cash-flow": { motif: "bars", accent: "#2bb3a3" },
  operations: { motif: "grid", accent: "#f5a524" },
  technology: { motif: "nodes", accent: "#7cc4ff" },
  people: { motif: "rings", accent: "#ff8f6b" },
  "ai-coach": { motif: "nodes", accent: "#f5a524" },
  trades: { motif: "grid", accent: "#ffb347" },
  hospitality: { motif: "waves", accent: "#ff8f6b" },
  health: { motif: "waves", accent: "#2bb3a3" },
  retail: { motif: "bars", accent: "#f5a524" },
  "professional-services": { motif: "rings", accent: "#7cc4ff" },
  city: { motif: "skyline", accent: "#f5a524" },
};
