// Seed downloadable resources. Each `file` is built at build time from its source in
// app/content/resources/ by scripts/build-resources.ts into public/downloads/, served as a static asset.
import type { ResourceSeed } from "./types";

export const RESOURCES: ResourceSeed[] = [
  {
    slug: "13-week-cash-flow-forecast-template",
    title: "13-week cash-flow forecast template",
    description: "A week-by-week cash-flow forecast with BAS, PAYG and super lines, a worked example and notes on the July 2026 switch to payday super.",
    file: "/downloads/13-week-cash-flow-forecast.xlsx",
    format: "Excel spreadsheet (.xlsx)",
    previewAlt:
      "Preview of the worked example sheet: weekly columns with opening balance, customer receipts, and payments for wages, PAYG withholding and GST.",
    publishedAt: "2026-03-03T22:30:00.000Z",
    updatedAt: "2026-03-26T00:45:00.000Z",
  },
  {
    slug: "discovery-call-preparation-checklist",
    title: "Discovery call preparation checklist",
    description:
      "Fifteen minutes with this checklist gets you far more from your free 20-minute discovery call: your numbers, main challenge and questions to ask.",
    file: "/downloads/discovery-call-preparation-checklist.pdf",
    format: "PDF",
    previewAlt: "Preview of the first page: the checklist’s title, an introduction and the first tick boxes under “Before the call: the practical bits”.",
    publishedAt: "2026-03-31T23:10:00.000Z",
    updatedAt: "2026-04-02T02:20:00.000Z",
  },
  {
    slug: "eofy-checklist-small-business",
    title: "EOFY checklist for Australian small business",
    description:
      "What to do before and after 30 June: bad debts, stocktake, super, payday super set-up, STP finalisation, BAS and TPAR deadlines, and a year review.",
    file: "/downloads/eofy-checklist-small-business.pdf",
    format: "PDF",
    previewAlt: "Preview of the first page: the checklist’s title, how to use it and the first tick boxes under “Part A: In May – get organised”.",
    publishedAt: "2026-05-12T23:40:00.000Z",
    updatedAt: "2026-05-28T01:15:00.000Z",
  },
  {
    slug: "90-day-action-plan-template",
    title: "90-day action plan template",
    description:
      "Look back, choose three priorities with owners and milestones, track a weekly scorecard and run a 30-minute check-in. Includes a filled-in example.",
    file: "/downloads/90-day-action-plan-template.pdf",
    format: "PDF",
    previewAlt: "Preview of the first page: the plan’s title, an introduction and a form for the business, quarter and weekly check-in time.",
    publishedAt: "2026-09-01T22:50:00.000Z",
    updatedAt: "2026-09-03T03:05:00.000Z",
  },
];
