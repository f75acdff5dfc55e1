import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalDocument } from "~/components/legal-document";
import { PRIVACY_LAST_UPDATED, PRIVACY_SECTIONS } from "~/content/legal/privacy";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";

export default function Privacy() {
  return (
    <LegalDocument
      title="Privacy policy"
      lead="What personal information we collect, why we need it, where it's stored and how long we keep it — including how our AI chat works — under the Australian Privacy Principles."
      lastUpdated={PRIVACY_LAST_UPDATED}
      sections={PRIVACY_SECTIONS}
    />
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Privacy Policy",
    description:
      "How ClarityAI Coaching collects, uses, stores and protects personal information under the Australian Privacy Principles, including AI chat retention and overseas processing.",
    path: "/privacy",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Privacy policy" }], "/privacy")]),
];
