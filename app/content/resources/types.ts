// Source form of the downloadable resources. scripts/build-resources.ts turns each one into the
// file people download (a PDF or an Excel workbook) and a preview image of its first page or sheet.

/** Inline text: `**words**` are set in bold. Use typographic punctuation (’ “ ” – —). */
export type InlineText = string;

export type ChecklistItem = InlineText | { text: InlineText; hint: InlineText };

export type DocumentBlock =
  | { type: "heading"; level: 2 | 3; text: string }
  | { type: "paragraph"; text: InlineText; style?: "lead" | "note" }
  /** Items with a tick box to print and tick. */
  | { type: "checklist"; items: ChecklistItem[] }
  | { type: "list"; ordered?: boolean; items: InlineText[] }
  /** A table to fill in. Empty cells are left as writing space; `widths` are relative. */
  | { type: "table"; columns: string[]; rows: string[][]; widths: number[]; rowHeight?: number; headerless?: boolean }
  /** Lines to write on, optionally after a label. */
  | { type: "lines"; count: number }
  | { type: "rule" }
  /** Starts the next block on a new page. */
  | { type: "page-break" };

export type PdfResourceSource = {
  kind: "pdf";
  title: string;
  /** The line above the title on the first page, e.g. "Checklist". */
  eyebrow: string;
  /** PDF Subject: one sentence about the document. */
  subject: string;
  keywords: string[];
  blocks: DocumentBlock[];
};

/** One line of the cash-flow forecast: 13 weekly amounts in whole dollars. */
export type ForecastLine = { label: string; amounts: number[] };

export type CashFlowWorkbookSource = {
  kind: "cash-flow-xlsx";
  title: string;
  subject: string;
  keywords: string[];
  example: {
    /** Who the worked example is about. */
    description: string;
    /** Monday of week 1, ISO date. */
    firstWeekStarting: string;
    openingBalance: number;
    minimumBuffer: number;
    /** What's happening in each of the 13 weeks. */
    events: string[];
    receipts: ForecastLine[];
    payments: ForecastLine[];
  };
  instructions: { heading: string; intro?: string; items: string[]; ordered: boolean }[];
  disclaimer: string;
};

export type ResourceSource = PdfResourceSource | CashFlowWorkbookSource;
