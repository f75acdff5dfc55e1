import type { MetaDescriptor } from "@remix-run/cloudflare";
import { absoluteUrl, SITE_NAME } from "./meta";

// JSON-LD blocks for search engines, rendered through route `meta` as <script type="application/ld+json">.
// Every builder takes the site origin first (see siteOriginOf in ./meta): URLs in the blocks are absolute.
// A page may carry each @type once (SPEC §5): structuredData() refuses a second block of a type.

export type JsonLd = { "@type": string } & Record<string, unknown>;

export function breadcrumbLd(origin: string, items: { label: string; to?: string }[], currentPath: string): JsonLd {
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.label,
      item: absoluteUrl(origin, item.to ?? currentPath),
    })),
  };
}

export function faqLd(faqs: readonly { question: string; answer: string }[]): JsonLd {
  return {
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

export function serviceLd(origin: string, options: { name: string; description: string; path: string; serviceType?: string; areaServed?: string }): JsonLd {
  return {
    "@type": "Service",
    name: options.name,
    description: options.description,
    url: absoluteUrl(origin, options.path),
    serviceType: options.serviceType ?? options.name,
    provider: { "@id": `${origin}/#business`, "@type": "ProfessionalService", name: SITE_NAME, url: `${origin}/` },
    areaServed: options.areaServed ? { "@type": "City", name: options.areaServed } : { "@type": "Country", name: "Australia" },
  };
}

export function blogPostingLd(
  origin: string,
  post: {
    title: string;
    description: string;
    path: string;
    author: string;
    publishedAt: string;
    updatedAt: string;
    image?: string;
  },
): JsonLd {
  return {
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    url: absoluteUrl(origin, post.path),
    mainEntityOfPage: absoluteUrl(origin, post.path),
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: SITE_NAME, url: `${origin}/`, logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` } },
    ...(post.image ? { image: absoluteUrl(origin, post.image) } : {}),
    inLanguage: "en-AU",
  };
}

/** Meta descriptors for a page's JSON-LD blocks. Throws if two blocks share a @type. */
export function structuredData(blocks: JsonLd[]): MetaDescriptor[] {
  const seen = new Set<string>();
  for (const block of blocks) {
    if (seen.has(block["@type"])) throw new Error(`Structured data of type ${block["@type"]} is already on this page`);
    seen.add(block["@type"]);
  }
  return blocks.map((block) => ({ "script:ld+json": { "@context": "https://schema.org", ...block } }));
}
