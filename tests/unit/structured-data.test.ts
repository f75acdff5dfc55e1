import { expect, test } from "vitest";
import { professionalServiceLd } from "~/content/structured-data";
import { breadcrumbLd, faqLd, structuredData } from "~/utils/structured-data";

test("a page cannot carry two blocks of the same type", () => {
  expect(() => structuredData([faqLd([]), faqLd([])])).toThrow("Structured data of type FAQPage is already on this page");
});

test("blocks get the schema.org context and absolute URLs", () => {
  const [block] = structuredData([
    breadcrumbLd("https://clarityai.com.au", [{ label: "Home", to: "/" }, { label: "Blog", to: "/blog/" }, { label: "Post" }], "/blog/post"),
  ]);
  expect(block).toEqual({
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://clarityai.com.au/" },
        { "@type": "ListItem", position: 2, name: "Blog", item: "https://clarityai.com.au/blog" },
        { "@type": "ListItem", position: 3, name: "Post", item: "https://clarityai.com.au/blog/post" },
      ],
    },
  });
});

test("the business block states AUD pricing and weekday opening hours", () => {
  const business = professionalServiceLd("https://clarityai.com.au", { areaServed: "Hobart" });
  expect(business).toMatchObject({
    "@type": "ProfessionalService",
    currenciesAccepted: "AUD",
    priceRange: "From A$150 per hour",
    areaServed: { "@type": "City", name: "Hobart" },
    openingHoursSpecification: [{ dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" }],
  });
});
