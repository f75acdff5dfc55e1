import type { WorksheetKind, WorksheetSpec } from "../types";
import { blankSop, blankTemplate, type SopAnswers, type TemplateAnswers } from "./documents";
import { blankForecast, FORECAST_WEEKS, type ForecastAnswers } from "./forecast";
import { blankPricing, type PricingAnswers } from "./pricing";

// A worksheet's answers as stored (learning_worksheets.answers, JSON) and read back: plain code for
// the server and the browser alike (the form's checks, with zod, are in answers.ts).

export type WorksheetAnswers = ForecastAnswers | PricingAnswers | SopAnswers | TemplateAnswers;
export type AnswersOf<K extends WorksheetKind> = K extends "cash-flow-forecast"
  ? ForecastAnswers
  : K extends "pricing-calculator"
    ? PricingAnswers
    : K extends "sop"
      ? SopAnswers
      : TemplateAnswers;

/** A blank worksheet of this kind: the starting lines and defaults. */
export function blankAnswers(spec: WorksheetSpec): WorksheetAnswers {
  switch (spec.kind) {
    case "cash-flow-forecast":
      return blankForecast();
    case "pricing-calculator":
      return blankPricing();
    case "sop":
      return blankSop();
    default:
      return blankTemplate();
  }
}

const numberOr = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
const stringOr = (value: unknown) => (typeof value === "string" ? value : "");
const arrayOf = <T>(value: unknown, read: (item: unknown) => T): T[] => (Array.isArray(value) ? value.map(read) : []);
const obj = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});

/** Stored answers (JSON written by this module) in the shape of the spec's kind; anything unreadable reads as blank. */
export function readAnswers(spec: WorksheetSpec, stored: unknown): WorksheetAnswers {
  if (stored === null || stored === undefined || typeof stored !== "object") return blankAnswers(spec);
  const value = obj(stored);
  switch (spec.kind) {
    case "cash-flow-forecast": {
      const line = (item: unknown) => ({
        label: stringOr(obj(item).label),
        amounts: Array.from({ length: FORECAST_WEEKS }, (_, w) => numberOr((obj(item).amounts as unknown[] | undefined)?.[w], 0)),
      });
      return {
        firstWeekStarting: stringOr(value.firstWeekStarting),
        openingBalance: numberOr(value.openingBalance, 0),
        minimumBuffer: numberOr(value.minimumBuffer, 0),
        receipts: arrayOf(value.receipts, line),
        payments: arrayOf(value.payments, line),
      };
    }
    case "pricing-calculator":
      return {
        item: stringOr(value.item),
        costs: arrayOf(value.costs, (item) => ({ label: stringOr(obj(item).label), amount: numberOr(obj(item).amount, 0) })),
        targetMarginPercent: numberOr(value.targetMarginPercent, 0),
        gstRegistered: value.gstRegistered !== false,
      };
    case "sop":
      return {
        title: stringOr(value.title),
        purpose: stringOr(value.purpose),
        owner: stringOr(value.owner),
        trigger: stringOr(value.trigger),
        steps: arrayOf(value.steps, stringOr),
        checks: arrayOf(value.checks, stringOr),
      };
    default: {
      const fields = obj(value.fields);
      return { fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === "string")) as Record<string, string> };
    }
  }
}
