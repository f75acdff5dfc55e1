// The source of each downloadable resource, by slug (build-time only: see scripts/build-resources.ts).
import { CASH_FLOW_FORECAST } from "./13-week-cash-flow-forecast";
import { NINETY_DAY_PLAN } from "./90-day-action-plan-template";
import { DISCOVERY_CALL_CHECKLIST } from "./discovery-call-preparation-checklist";
import { EOFY_CHECKLIST } from "./eofy-checklist-small-business";
import type { ResourceSource } from "./types";

export const RESOURCE_SOURCES: Record<string, ResourceSource> = {
  "13-week-cash-flow-forecast-template": CASH_FLOW_FORECAST,
  "discovery-call-preparation-checklist": DISCOVERY_CALL_CHECKLIST,
  "eofy-checklist-small-business": EOFY_CHECKLIST,
  "90-day-action-plan-template": NINETY_DAY_PLAN,
};
