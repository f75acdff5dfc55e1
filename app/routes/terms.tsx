import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalDocument } from "~/components/legal-document";
import { TERMS_CLAUSES, TERMS_LAST_UPDATED } from "~/content/legal/terms";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";

export default function Terms() {
  return (
    <LegalDocument
      title="Terms of service"
      lead="The plain-English terms for our coaching sessions, discovery calls and ClarityAI subscriptions — including cancellations, our money-back guarantee and your rights under the Australian Consumer Law."
      lastUpdated={TERMS_LAST_UPDATED}
      sections={TERMS_CLAUSES}
    />
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Terms of Service",
    description:
      "Terms for ClarityAI Coaching's virtual coaching sessions and ClarityAI subscriptions: bookings, cancellations, our money-back guarantee and your Australian Consumer Law rights.",
    path: "/terms",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Terms of service" }], "/terms")]),
];
