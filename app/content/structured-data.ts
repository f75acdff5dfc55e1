import { absoluteUrl, SITE_NAME } from "~/utils/meta";
import type { JsonLd } from "~/utils/structured-data";
import { BUSINESS } from "./business";

// The business's own JSON-LD block, built from its facts in ./business.ts; the generic builders and
// structuredData() live in app/utils/structured-data.ts.

/** The business itself. `areaServed` narrows it to a city on location pages. */
export function professionalServiceLd(origin: string, options: { path?: string; areaServed?: string; description?: string } = {}): JsonLd {
  return {
    "@type": "ProfessionalService",
    "@id": `${origin}/#business`,
    name: SITE_NAME,
    url: absoluteUrl(origin, options.path ?? "/"),
    description: options.description ?? "Virtual business coaching and ClarityAI, a 24/7 AI business coach, for Australian small and medium businesses.",
    email: BUSINESS.email,
    telephone: BUSINESS.phone,
    logo: `${origin}/favicon.svg`,
    image: `${origin}/favicon.svg`,
    priceRange: `From A$${BUSINESS.virtualCoachingFromPerHour} per hour`,
    currenciesAccepted: "AUD",
    address: { "@type": "PostalAddress", addressCountry: "AU" },
    areaServed: options.areaServed ? { "@type": "City", name: options.areaServed } : { "@type": "Country", name: "Australia" },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "17:00",
      },
    ],
  };
}
