import type { PageCopyKind } from "~/db/schema/page-copy";
import { isLocationSlug, LOCATIONS, type LocationSlug } from "./locations";
import { isServiceSlug, SERVICES, type ServiceSlug } from "./services";
import type { Faq } from "./types";

// The service and location pages' copy that is content, as the admin edits it (/admin/pages) and
// the public pages read it (page-copy.server.ts). What is not here stays in code: prices, the
// business's figures, time zones, industries, steps, related links and the pages' SEO titles.
//   service: the hero's headline and lead, the intro's heading and paragraphs, the FAQs.
//   location: the hero's headline and lead, "why virtual" paragraphs, the local economy, the FAQs.

export type PageCopyFields = {
  headline: string;
  lead: string;
  /** The intro section's heading (a service page; a location page's is fixed). */
  introHeading: string | null;
  /** Paragraphs: a service's intro, a location's "why virtual coaching". */
  intro: string[];
  /** A location's local economy paragraph. */
  economy: string | null;
  faq: Faq[];
};

export const PAGE_COPY_KIND_LABELS: Record<PageCopyKind, string> = { service: "Service page", location: "Location page" };

export function pageCopyKey(kind: PageCopyKind, slug: string) {
  return `${kind}:${slug}`;
}

/** Whether the page exists in code: only those pages have copy. */
export function isPageCopySlug(kind: string | undefined, slug: string | undefined): kind is PageCopyKind {
  if (kind === "service") return isServiceSlug(slug);
  if (kind === "location") return isLocationSlug(slug);
  return false;
}

/** The page's name in the admin's list and editor. */
export function pageCopyTitle(kind: PageCopyKind, slug: string): string {
  return kind === "service" ? SERVICES[slug as ServiceSlug].title : `${LOCATIONS[slug as LocationSlug].name} business coaching`;
}

/** The public page's path. */
export function pageCopyPath(kind: PageCopyKind, slug: string): string {
  return kind === "service" ? `/services/${slug}` : `/locations/${slug}-business-coaching`;
}

/** The copy as written in code: the seed's first version, and what a page without a row shows. */
export function defaultPageCopy(kind: PageCopyKind, slug: string): PageCopyFields {
  if (kind === "service") {
    const service = SERVICES[slug as ServiceSlug];
    return {
      headline: service.headline,
      lead: service.lead,
      introHeading: service.introHeading,
      intro: [...service.intro],
      economy: null,
      faq: [...service.faq],
    };
  }
  const city = LOCATIONS[slug as LocationSlug];
  return { headline: city.headline, lead: city.lead, introHeading: null, intro: [...city.whyVirtual], economy: city.economy, faq: [...city.faq] };
}

/** Every page with copy, in the order of the site's menus. */
export function allPageCopyPages(): { kind: PageCopyKind; slug: string }[] {
  return [
    ...Object.keys(SERVICES).map((slug) => ({ kind: "service" as const, slug })),
    ...Object.keys(LOCATIONS).map((slug) => ({ kind: "location" as const, slug })),
  ];
}

export const PAGE_COPY_LIMITS = {
  headline: 120,
  lead: 400,
  introHeading: 120,
  paragraph: 1500,
  paragraphs: 6,
  economy: 1500,
  question: 200,
  answer: 1500,
  faqs: 12,
};

/** Paragraphs typed in one box, separated by a blank line. */
export function splitParagraphs(value: string): string[] {
  return value
    .replaceAll("\r\n", "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
}

export function samePageCopy(a: PageCopyFields, b: PageCopyFields): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
