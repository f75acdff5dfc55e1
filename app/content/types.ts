// Shapes of the site's seeded content. Blog posts, case studies and resources become rows in D1
// (see app/db/seed-data.ts); locations and ClarityAI pages are served straight from these files.
import type { ReactNode } from "react";

export type Faq = { question: string; answer: string };

export type BlogPostSeed = {
  slug: string;
  title: string;
  /** One or two sentences: the meta description and the list excerpt (≤ 160 characters). */
  description: string;
  category: BlogCategory;
  author: { name: string; role: string };
  publishedAt: string; // ISO date-time, UTC
  updatedAt: string;
  /** Markdown. No raw HTML: any HTML in it is shown as text. Use ## and ### headings. */
  body: string;
  /** Key of an illustration in app/content/images.ts. */
  image: ImageKey;
};

export const BLOG_CATEGORIES = ["Strategy", "Cash flow", "Operations", "Technology", "People", "AI in business"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const CASE_STUDY_INDUSTRIES = {
  trades: "Trades and construction",
  hospitality: "Hospitality",
  "professional-services": "Professional services",
  health: "Health and allied health",
  retail: "Retail and e-commerce",
} as const;
export type CaseStudyIndustry = keyof typeof CASE_STUDY_INDUSTRIES;

export type CaseStudySeed = {
  slug: string;
  industry: CaseStudyIndustry;
  title: string;
  description: string; // ≤ 160 characters
  client: string; // e.g. "Family-owned electrical contractor, 14 staff"
  location: string; // e.g. "Gold Coast, QLD"
  /** Markdown, each a few paragraphs or a list. */
  challenge: string;
  approach: string;
  results: { metric: string; value: string }[]; // measurable: "Quote turnaround", "3 days → same day"
  quote?: { text: string; attribution: string };
  publishedAt: string;
  updatedAt: string;
  image: ImageKey;
};

export type ResourceSeed = {
  slug: string;
  title: string;
  description: string; // ≤ 160 characters
  /** Path of the file under public/downloads/, built from app/content/resources/<slug>.ts by scripts/build-resources.ts. */
  file: string;
  format: "PDF" | "Excel spreadsheet (.xlsx)";
  /** Alt text of the preview image of the file's first page or sheet. */
  previewAlt: string;
  publishedAt: string;
  updatedAt: string;
};

export type ImageKey =
  | "strategy"
  | "cash-flow"
  | "operations"
  | "technology"
  | "people"
  | "ai-coach"
  | "trades"
  | "hospitality"
  | "health"
  | "retail"
  | "professional-services"
  | "city";

/** The site's small icons, by name (app/components/icons.tsx draws them); content chooses one per card. */
export type IconName = "compass" | "gear" | "layers" | "code" | "spark" | "clock" | "shield" | "chart" | "chat" | "users";

/** One numbered, anchored section of a legal page (app/components/legal-document.tsx lays them out). */
export type LegalSection = { id: string; title: string; body: ReactNode };
