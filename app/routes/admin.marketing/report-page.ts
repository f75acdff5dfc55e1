import type { MarketingReport, ReportModel, ReportQuery, ReportSort, SourceRow } from "~/attribution/report";
import type { ConversionType } from "~/attribution/types";

// What the marketing report's loader hands its page, and the words its parts share.

export type Preset = { label: string; from: string; to: string };
export type FormValues = { from: string; to: string; model: ReportModel; type: ConversionType | null; sort?: ReportSort };
export type ReportPage =
  | { ok: false; presets: Preset[]; form: FormValues; errors: string[] }
  | {
      ok: true;
      presets: Preset[];
      form: FormValues;
      query: ReportQuery;
      totals: MarketingReport["totals"];
      rows: SourceRow[];
      rowCount: number;
      /** Page views counted under "(other)" in the range (0 when none). */
      otherPageViews: number;
      days: MarketingReport["days"];
      forwarding: MarketingReport["forwarding"];
      byType: MarketingReport["byType"];
    };

export const MODEL_LABELS: Record<ReportModel, string> = { last: "Last touch", first: "First touch" };
export const SORT_LABELS: Record<ReportSort, string> = { revenue: "Revenue", conversions: "Conversions" };
