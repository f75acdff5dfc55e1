import { strFromU8, unzipSync } from "fflate";
import { describe, expect, test } from "vitest";
import { parseWorksheetForm } from "~/learning/worksheets/answers";
import { documentText, sopDocument, templateDocument } from "~/learning/worksheets/documents";
import { documentPdf, forecastCsv, forecastXlsx, pricingCsv } from "~/learning/worksheets/exports.server";
import { blankForecast, calculateForecast, FORECAST_WEEKS, weekLabel, type ForecastAnswers } from "~/learning/worksheets/forecast";
import { divideRounded, formatCents, parseDollars, plainCents } from "~/learning/worksheets/money";
import { calculatePricing } from "~/learning/worksheets/pricing";
import { readAnswers } from "~/learning/worksheets/stored";
import type { WorksheetSpec } from "~/learning/types";

// The worksheets' calculations (in whole cents), the form's checks and the files they export.

const weeks = (values: Record<number, number>) => Array.from({ length: FORECAST_WEEKS }, (_, w) => values[w + 1] ?? 0);

/** A café's quarter: weekly takings, a big supplier bill in week 4 and the BAS in week 5. */
const CAFE: ForecastAnswers = {
  firstWeekStarting: "2026-07-06",
  openingBalance: 12_000,
  minimumBuffer: 5_000,
  receipts: [
    { label: "Takings", amounts: weeks(Object.fromEntries(Array.from({ length: 13 }, (_, w) => [w + 1, 9_000.1]))) },
    { label: "Catering invoices", amounts: weeks({ 3: 2_500.2, 9: 2_500.2 }) },
  ],
  payments: [
    { label: "Wages and super", amounts: weeks(Object.fromEntries(Array.from({ length: 13 }, (_, w) => [w + 1, 6_200]))) },
    { label: "Suppliers", amounts: weeks({ 1: 1_500, 2: 1_500, 4: 9_800.3, 6: 1_500, 8: 1_500, 10: 1_500, 12: 1_500 }) },
    { label: "BAS", amounts: weeks({ 5: 7_400 }) },
  ],
};

describe("the 13-week cash-flow forecast", () => {
  test("weekly totals, net, balances carried forward, 13-week totals and the lowest week, to the cent", () => {
    const result = calculateForecast(CAFE);
    expect(result.receiptsByWeek[0]).toBe(900_010);
    expect(result.receiptsByWeek[2]).toBe(1_150_030);
    expect(result.paymentsByWeek[3]).toBe(1_600_030);
    expect(result.netByWeek.slice(0, 5)).toEqual([130_010, 130_010, 530_030, -700_020, -459_990]);
    expect(result.closingByWeek.slice(0, 5)).toEqual([1_330_010, 1_460_020, 1_990_050, 1_290_030, 830_040]);
    // Each week opens with last week's close.
    for (let w = 1; w < FORECAST_WEEKS; w++) expect(result.openingByWeek[w]).toBe(result.closingByWeek[w - 1]);
    expect(result.totals.receipts).toBe(13 * 900_010 + 2 * 250_020);
    expect(result.totals.payments).toBe(13 * 620_000 + 6 * 150_000 + 980_030 + 740_000);
    expect(result.totals.net).toBe(result.totals.receipts - result.totals.payments);
    expect(result.closingBalance).toBe(1_200_000 + result.totals.net);
    expect(result.receiptLineTotals).toEqual([13 * 900_010, 500_040]);
    expect(result.lowest).toEqual({ week: 5, balance: 830_040 });
    expect(result.weeksBelowBuffer).toEqual([]);
  });

  test("no floating-point crumbs: ten receipts of 10 cents make exactly a dollar", () => {
    const answers = { ...blankForecast(), receipts: Array.from({ length: 10 }, (_, i) => ({ label: `R${i}`, amounts: weeks({ 1: 0.1 }) })) };
    expect(calculateForecast(answers).receiptsByWeek[0]).toBe(100);
  });

  test("the lowest week is the first of equal lows; a balance below the buffer is flagged", () => {
    const answers: ForecastAnswers = {
      ...blankForecast(),
      openingBalance: 1_000,
      minimumBuffer: 900,
      receipts: [{ label: "Sales", amounts: weeks({ 4: 300 }) }],
      payments: [{ label: "Rent", amounts: weeks({ 2: 300, 6: 300 }) }],
    };
    const result = calculateForecast(answers);
    expect(result.lowest).toEqual({ week: 2, balance: 70_000 });
    expect(result.weeksBelowBuffer).toEqual([2, 3, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  test("weeks are labelled with their start dates when week 1's is given", () => {
    expect(weekLabel("2026-07-06", 1)).toBe("Week 1 (6 July)");
    expect(weekLabel("2026-07-06", 13)).toBe("Week 13 (28 Sept)");
    expect(weekLabel("", 3)).toBe("Week 3");
  });
});

describe("the pricing calculator", () => {
  test("a 40% margin on a $60 cost is $100 before GST, $10 GST, $110 with GST", () => {
    const result = calculatePricing({ item: "A service call", costs: [{ label: "Labour", amount: 60 }], targetMarginPercent: 40, gstRegistered: true });
    expect(result).toMatchObject({
      costCents: 6_000,
      priceExGstCents: 10_000,
      gstCents: 1_000,
      priceIncGstCents: 11_000,
      profitCents: 4_000,
      marginPercent: 40,
      markupPercent: 66.67,
    });
  });

  test("to the cent: the ex-GST price and the GST each round to the nearest cent, half a cent up", () => {
    // $33.33 ÷ (1 − 0.33) = $49.7462… → $49.75; GST 10% = $4.975 → $4.98; total $54.73.
    const result = calculatePricing({ item: "", costs: [{ label: "Stock", amount: 33.33 }], targetMarginPercent: 33, gstRegistered: true });
    expect([result.priceExGstCents, result.gstCents, result.priceIncGstCents]).toEqual([4_975, 498, 5_473]);
    // $12.34 + $5.67 = $18.01 at 37.5% → $28.816 → $28.82; GST $2.882 → $2.88; $31.70.
    const two = calculatePricing({
      item: "",
      costs: [
        { label: "A", amount: 12.34 },
        { label: "B", amount: 5.67 },
      ],
      targetMarginPercent: 37.5,
      gstRegistered: true,
    });
    expect([two.costCents, two.priceExGstCents, two.gstCents, two.priceIncGstCents]).toEqual([1_801, 2_882, 288, 3_170]);
  });

  test("not registered for GST: no GST is added", () => {
    const result = calculatePricing({ item: "", costs: [{ label: "Stock", amount: 50 }], targetMarginPercent: 50, gstRegistered: false });
    expect([result.priceExGstCents, result.gstCents, result.priceIncGstCents]).toEqual([10_000, 0, 10_000]);
  });

  test("rounding halves away from zero in whole numbers", () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(4, 3)).toBe(1);
    expect(divideRounded(0, 7)).toBe(0);
  });
});

describe("amounts as typed", () => {
  test("dollars with commas, a $ sign or cents read; anything else is refused", () => {
    expect(parseDollars("1,250.50")).toBe(1250.5);
    expect(parseDollars("$1250")).toBe(1250);
    expect(parseDollars("")).toBe(0);
    expect(parseDollars("-300")).toBeNull();
    expect(parseDollars("-300", { allowNegative: true })).toBe(-300);
    expect(parseDollars("(300)", { allowNegative: true })).toBe(-300);
    expect(parseDollars("12.345")).toBeNull();
    expect(parseDollars("ten")).toBeNull();
    expect(parseDollars("1e9")).toBeNull();
    expect(parseDollars("999999999")).toBeNull();
    expect(formatCents(-8_000)).toBe("-$80.00");
    expect(plainCents(-5)).toBe("-0.05");
  });
});

const FORECAST_SPEC: WorksheetSpec = { kind: "cash-flow-forecast", title: "Your 13-week cash-flow forecast" };
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("the worksheet form", () => {
  test("a forecast reads from its inputs; blank lines are dropped", () => {
    const parsed = parseWorksheetForm(
      FORECAST_SPEC,
      form({
        openingBalance: "-1,200",
        firstWeekStarting: "",
        minimumBuffer: "",
        "receipts.0.label": "Sales",
        "receipts.0.amounts.0": "5,000",
        "receipts.1.label": "",
        "payments.3.label": "Rent",
        "payments.3.amounts.12": "2200.5",
      }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const answers = parsed.answers as ForecastAnswers;
    expect(answers.openingBalance).toBe(-1200);
    expect(answers.receipts).toEqual([{ label: "Sales", amounts: weeks({ 1: 5000 }) }]);
    expect(answers.payments).toEqual([{ label: "Rent", amounts: weeks({ 13: 2200.5 }) }]);
  });

  test("each problem is reported against the input it came from", () => {
    const parsed = parseWorksheetForm(
      FORECAST_SPEC,
      form({
        openingBalance: "lots",
        firstWeekStarting: "next week",
        "receipts.0.label": "Sales",
        "receipts.0.amounts.2": "-40",
        "payments.0.label": "",
        "payments.0.amounts.0": "100",
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        openingBalance: "Enter an amount in dollars, like 1250 or -300.50",
        firstWeekStarting: "Enter a date, like 2026-07-06",
        "receipts.0.amounts.2": "Enter an amount in dollars (0 or more), like 1250 or 1250.50",
      },
    });
    const unnamed = parseWorksheetForm(FORECAST_SPEC, form({ openingBalance: "0", "payments.0.label": "", "payments.0.amounts.0": "100" }));
    expect(unnamed).toEqual({ ok: false, errors: { "payments.0.label": "Name this line, like “Rent”" } });
  });

  test("pricing: the margin must be below 100% and a cost needs a name", () => {
    const spec: WorksheetSpec = { kind: "pricing-calculator", title: "Price it" };
    expect(parseWorksheetForm(spec, form({ item: "A job", "costs.0.label": "Labour", "costs.0.amount": "60", targetMarginPercent: "100" }))).toEqual({
      ok: false,
      errors: { targetMarginPercent: "Enter a margin from 0 to 95 per cent" },
    });
    const ok = parseWorksheetForm(
      spec,
      form({
        item: "A job",
        "costs.0.label": "Labour",
        "costs.0.amount": "60",
        "costs.1.label": "",
        "costs.1.amount": "",
        targetMarginPercent: "40%",
        gstRegistered: "on",
      }),
    );
    expect(ok).toEqual({ ok: true, answers: { item: "A job", costs: [{ label: "Labour", amount: 60 }], targetMarginPercent: 40, gstRegistered: true } });
  });

  test("a SOP's steps and checks are one per line, numbering and bullets removed", () => {
    const parsed = parseWorksheetForm(
      { kind: "sop", title: "Your SOP" },
      form({
        title: "Sending a quote",
        purpose: "Quotes out within a day.",
        owner: "Office manager",
        trigger: "A request",
        steps: "1. Open the template\n\n- Price it\n3) Send it",
        checks: "Sent within 24 hours",
      }),
    );
    expect(parsed).toMatchObject({ ok: true, answers: { steps: ["Open the template", "Price it", "Send it"], checks: ["Sent within 24 hours"] } });
  });

  test("a template keeps only its own fields, and too-long answers are refused", () => {
    const spec: WorksheetSpec = { kind: "template", title: "Plan", fields: [{ id: "goal", label: "Your goal" }] };
    expect(parseWorksheetForm(spec, form({ "fields.goal": " Grow ", "fields.other": "ignored" }))).toEqual({ ok: true, answers: { fields: { goal: "Grow" } } });
    expect(parseWorksheetForm(spec, form({ "fields.goal": "x".repeat(2001) }))).toEqual({
      ok: false,
      errors: { "fields.goal": "Keep this to 2000 characters" },
    });
  });

  test("stored answers that can't be read come back blank, never throw", () => {
    expect(readAnswers(FORECAST_SPEC, null)).toEqual(blankForecast());
    expect((readAnswers(FORECAST_SPEC, { receipts: [{ label: 4, amounts: "x" }] }) as ForecastAnswers).receipts).toEqual([{ label: "", amounts: weeks({}) }]);
  });
});

describe("the exported files", () => {
  test("the forecast CSV has a row per line with totals, closing balances and the lowest week", () => {
    const rows = forecastCsv(CAFE).trimEnd().split("\r\n");
    expect(rows[0]).toBe(`Line,${Array.from({ length: 13 }, (_, w) => weekLabel("2026-07-06", w + 1)).join(",")},13-week total`);
    expect(rows).toContain(
      "Receipts: Takings,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,9000.10,117001.30",
    );
    expect(
      rows
        .find((row) => row.startsWith("Closing balance,"))!
        .split(",")
        .slice(1, 6),
    ).toEqual(["13300.10", "14600.20", "19900.50", "12900.30", "8300.40"]);
    expect(rows.at(-1)).toBe("Lowest closing balance,Week 5,8300.40");
  });

  test("CSV fields that a spreadsheet would run as a formula are defused", () => {
    const csv = forecastCsv({ ...CAFE, receipts: [{ label: '=HYPERLINK("x")', amounts: weeks({}) }] });
    expect(csv).toContain('"Receipts: =HYPERLINK(""x"")"');
    const pricing = pricingCsv({ item: "=1+1", costs: [], targetMarginPercent: 10, gstRegistered: true });
    expect(pricing.split("\r\n")[0]).toBe("Pricing,'=1+1");
  });

  test("the forecast workbook is a real .xlsx with the owner's lines, live formulas and the lowest week", () => {
    const files = unzipSync(forecastXlsx(CAFE, "Your 13-week cash-flow forecast", new Date("2026-11-28T00:00:00Z")));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["[Content_Types].xml", "xl/workbook.xml", "xl/styles.xml", "xl/worksheets/sheet1.xml"]));
    const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]!);
    expect(sheet).toContain(">Takings<");
    expect(sheet).toContain("<f>SUM(B10:N10)</f><v>117001.3</v>");
    expect(sheet).toMatch(/<f>MIN\(B\d+:N\d+\)<\/f><v>8300\.4<\/v>/);
    expect(sheet).toMatch(/<f>MATCH\(MIN\(B\d+:N\d+\),B\d+:N\d+,0\)<\/f><v>5<\/v>/);
    expect(strFromU8(files["docProps/core.xml"]!)).toContain("<dc:title>Your 13-week cash-flow forecast</dc:title>");
  });

  test("a SOP reads as text and as a PDF", () => {
    const sop = {
      title: "Sending a quote",
      purpose: "Quotes out within a day.",
      owner: "Office manager",
      trigger: "A request",
      steps: ["Open the template", "Send it"],
      checks: [],
    };
    const text = documentText(sopDocument(sop, "Your SOP"), "Footer");
    expect(text).toContain("Steps\n-----\n1. Open the template\n2. Send it");
    expect(text).toContain("Checks\n------\nNot answered yet.");
    const pdf = Buffer.from(documentPdf(sopDocument(sop, "Your SOP"))).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).toContain("(Sending a quote)");
    const template = templateDocument(
      { fields: { goal: "Grow" } },
      {
        title: "Plan",
        fields: [
          { id: "goal", label: "Your goal" },
          { id: "risk", label: "Biggest risk" },
        ],
      },
    );
    expect(documentText(template, "F")).toContain("Your goal\n---------\nGrow\n\nBiggest risk\n------------\nNot answered yet.");
  });
});
