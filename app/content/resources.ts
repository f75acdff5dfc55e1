// Seed downloadable resources. Each `file` is a real file under public/downloads/, served as a static asset.
import type { ResourceSeed } from "./types";

export const RESOURCES: ResourceSeed[] = [
  {
    slug: "13-week-cash-flow-forecast-template",
    title: "13-week cash-flow forecast template",
    description: "A week-by-week cash-flow forecast with BAS, PAYG and super lines, a worked example and notes on the July 2026 switch to payday super.",
    file: "/downloads/13-week-cash-flow-forecast.csv",
    format: "CSV",
    publishedAt: "2026-03-03T22:30:00.000Z",
    updatedAt: "2026-03-26T00:45:00.000Z",
  },
  {
    slug: "discovery-call-preparation-checklist",
    title: "Discovery call preparation checklist",
    description:
      "Fifteen minutes with this checklist gets you far more from your free 20-minute discovery call: your numbers, main challenge and questions to ask.",
    file: "/downloads/discovery-call-preparation-checklist.md",
    format: "Markdown",
    publishedAt: "2026-03-31T23:10:00.000Z",
    updatedAt: "2026-04-02T02:20:00.000Z",
  },
  {
    slug: "eofy-checklist-small-business",
    title: "EOFY checklist for Australian small business",
    description:
      "What to do before and after 30 June: bad debts, stocktake, super, payday super set-up, STP finalisation, BAS and TPAR deadlines, and a year review.",
    file: "/downloads/eofy-checklist-small-business.txt",
    format: "Text",
    publishedAt: "2026-05-12T23:40:00.000Z",
    updatedAt: "2026-05-28T01:15:00.000Z",
  },
  {
    slug: "90-day-action-plan-template",
    title: "90-day action plan template",
    description:
      "Look back, choose three priorities with owners and milestones, track a weekly scorecard and run a 30-minute check-in. Includes a filled-in example.",
    file: "/downloads/90-day-action-plan-template.md",
    format: "Markdown",
    publishedAt: "2026-09-01T22:50:00.000Z",
    updatedAt: "2026-09-03T03:05:00.000Z",
  },
];
