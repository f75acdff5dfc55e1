import type { DocumentBlock, PdfResourceSource } from "./types";

const MILESTONES: DocumentBlock = {
  type: "table",
  columns: ["Milestone", "What “done” looks like", "Due date", "Status"],
  rows: [
    ["End of month 1", "", "", ""],
    ["End of month 2", "", "", ""],
    ["End of month 3", "", "", ""],
  ],
  widths: [2, 4, 1.6, 1.6],
  rowHeight: 30,
};

function priority(n: number): DocumentBlock[] {
  return [
    { type: "heading", level: 3, text: `Priority ${n}` },
    {
      type: "table",
      headerless: true,
      columns: ["", ""],
      rows: [
        ["**The priority:**", ""],
        ["**Owner (one person):**", ""],
        ["**Why it matters now:**", ""],
        ["**Finish line:** how we’ll know on day 90 that it’s done", ""],
        ["**Measure and target:**", "from ______ to ______ by ______"],
        ["**Resources or budget needed:**", ""],
      ],
      widths: [2.2, 4],
      rowHeight: 26,
    },
    MILESTONES,
    { type: "paragraph", text: "**First three actions (this week):**" },
    {
      type: "checklist",
      items: [
        "Action: ____________________  Who: __________  By: __________",
        "Action: ____________________  Who: __________  By: __________",
        "Action: ____________________  Who: __________  By: __________",
      ],
    },
  ];
}

const WEEKS = Array.from({ length: 13 }, (_, i) => `Wk ${i + 1}`);
const emptyWeeks = () => WEEKS.map(() => "");

export const NINETY_DAY_PLAN: PdfResourceSource = {
  kind: "pdf",
  title: "90-day action plan",
  eyebrow: "Template",
  subject:
    "A 90-day action plan template: look back, choose three priorities with owners and milestones, track a weekly scorecard and run a 30-minute check-in.",
  keywords: ["90-day plan", "action plan", "quarterly planning", "scorecard", "small business"],
  blocks: [
    {
      type: "paragraph",
      style: "lead",
      text: "A 90-day plan turns “we should really…” into three finished pieces of work. Fill in this template in one sitting of about three hours, ideally with your business partner or key staff, then keep it alive with a 30-minute check-in every week.",
    },
    { type: "paragraph", text: "Ninety days lines up with the BAS quarter, so your plan and your numbers work to the same rhythm." },
    {
      type: "table",
      headerless: true,
      columns: ["", ""],
      rows: [
        ["**Business**", ""],
        ["**Quarter**", "e.g. 1 October – 31 December 2026"],
        ["**Plan written by**", ""],
        ["**Date written**", ""],
        ["**Weekly check-in day and time**", "e.g. Mondays, 8.00–8.30 am"],
      ],
      widths: [2.2, 4],
      rowHeight: 24,
    },
    { type: "heading", level: 2, text: "Part 1: Look back at the last 90 days" },
    { type: "heading", level: 3, text: "The numbers" },
    {
      type: "table",
      columns: ["Measure", "Last quarter", "Same quarter last year", "Notes"],
      rows: [
        ["Revenue (ex GST)", "", "", ""],
        ["Gross margin %", "", "", ""],
        ["Net profit", "", "", ""],
        ["Cash at bank, start of quarter", "", "", ""],
        ["Cash at bank, end of quarter", "", "", ""],
        ["Debtor days (how long customers take to pay)", "", "", ""],
        ["Your key measure (e.g. quote win rate, utilisation, average sale)", "", "", ""],
        ["Owner hours per week (average)", "", "", ""],
      ],
      widths: [3.2, 1.5, 1.7, 2.4],
      rowHeight: 24,
    },
    { type: "heading", level: 3, text: "The story" },
    { type: "paragraph", text: "**What went well, and why?**" },
    { type: "lines", count: 3 },
    { type: "paragraph", text: "**What didn’t happen that should have?**" },
    { type: "lines", count: 3 },
    { type: "paragraph", text: "**What took far more time or money than it was worth?**" },
    { type: "lines", count: 2 },
    { type: "paragraph", text: "**Last quarter’s priorities: done, partly done or not done? Why?**" },
    { type: "lines", count: 3 },
    { type: "heading", level: 2, text: "Part 2: Choose your priorities (no more than three)" },
    {
      type: "paragraph",
      text: "First, brainstorm everything you’d like to improve. Then choose the three that would make the biggest difference over the next 90 days.",
    },
    {
      type: "paragraph",
      text: "A good priority is **specific** (not “grow sales”), **finishable** in 90 days, **owned by one person** and **measurable**.",
    },
    ...priority(1),
    ...priority(2),
    ...priority(3),
    { type: "heading", level: 3, text: "Not this quarter" },
    { type: "paragraph", text: "Good ideas we are deliberately parking until the next quarterly reset:" },
    { type: "lines", count: 4 },
    { type: "heading", level: 2, text: "Part 3: Weekly scorecard" },
    {
      type: "paragraph",
      text: "Choose five to eight numbers. Include cash, sales, one leading indicator of future work (enquiries, quotes sent, bookings) and one measure for each priority. If it takes more than five minutes to update, simplify it.",
    },
    {
      type: "table",
      columns: ["Measure", "Target", ...WEEKS],
      rows: [
        ["Cash at bank", "", ...emptyWeeks()],
        ["Sales invoiced this week", "", ...emptyWeeks()],
        ["Enquiries or quotes sent", "", ...emptyWeeks()],
        ["Overdue debtors ($)", "", ...emptyWeeks()],
        ["Priority 1 measure", "", ...emptyWeeks()],
        ["Priority 2 measure", "", ...emptyWeeks()],
        ["Priority 3 measure", "", ...emptyWeeks()],
        ["", "", ...emptyWeeks()],
      ],
      widths: [3.6, 1.7, ...WEEKS.map(() => 1.35)],
      rowHeight: 26,
    },
    { type: "heading", level: 2, text: "Part 4: Key dates this quarter" },
    {
      type: "paragraph",
      text: "Put these in your calendar and your 13-week cash-flow forecast now. Confirm tax and super dates with the ATO or your registered tax or BAS agent.",
    },
    {
      type: "table",
      columns: ["Date", "What", "Amount (estimate)"],
      rows: [
        ["", "BAS or IAS due", ""],
        ["", "Super guarantee due (quarterly until 30 June 2026; paid with each pay run from 1 July 2026)", ""],
        ["", "Paydays", ""],
        ["", "Public holidays and school holidays", ""],
        ["", "Peak season or shutdown", ""],
        ["", "Insurance, registrations, licence renewals", ""],
        ["", "Leave booked (you and key staff)", ""],
      ],
      widths: [1.6, 5, 1.8],
      rowHeight: 24,
    },
    { type: "heading", level: 2, text: "Part 5: Weekly check-in agenda (30 minutes)" },
    { type: "paragraph", text: "Same day, same time, every week. Off-track items get solved, not just reported." },
    {
      type: "list",
      ordered: true,
      items: [
        "**Scorecard** (5 min): any number off track?",
        "**Priorities** (10 min): each owner says “on track” or “off track”. No long updates.",
        "**Biggest obstacle** (10 min): pick one, agree who will clear it and by when.",
        "**Actions** (5 min): next week’s actions, each with a name and a date.",
      ],
    },
    { type: "heading", level: 2, text: "Part 6: Day 90 review" },
    {
      type: "table",
      columns: ["Priority", "Done / partly / not done", "What we learned"],
      rows: [
        ["1", "", ""],
        ["2", "", ""],
        ["3", "", ""],
      ],
      widths: [1.2, 2.6, 5],
      rowHeight: 34,
    },
    { type: "paragraph", text: "**What will we stop, start and keep doing next quarter?**" },
    {
      type: "table",
      headerless: true,
      columns: ["", ""],
      rows: [
        ["**Stop:**", ""],
        ["**Start:**", ""],
        ["**Keep:**", ""],
      ],
      widths: [1.2, 7.6],
      rowHeight: 30,
    },
    { type: "paragraph", text: "Then go back to Part 1 and write the next 90-day plan." },
    { type: "heading", level: 2, text: "Example: one priority, filled in" },
    { type: "paragraph", style: "note", text: "Canberra IT support business, 8 staff, October to December quarter." },
    {
      type: "list",
      items: [
        "**The priority:** Move 10 existing clients from ad hoc support to managed service agreements.",
        "**Owner:** Mark (director)",
        "**Why it matters now:** Most revenue is one-off project work, and cash is tight every second month.",
        "**Finish line:** 10 signed agreements, billing from January.",
        "**Measure and target:** recurring revenue from $0 to $12,000 a month (10 × $1,200 average) by 31 December.",
        "**Month 1:** standard agreement and price list finished; 15 suitable clients shortlisted.",
        "**Month 2:** 15 conversations held; 6 agreements signed.",
        "**Month 3:** 10 agreements signed; direct debit set up for each.",
        "**First three actions:** draft the agreement (Mark, Wednesday); pull 12 months of support hours by client (office manager, Thursday); book the first five client meetings (Mark, Friday).",
      ],
    },
    { type: "rule" },
    {
      type: "paragraph",
      style: "note",
      text: "Want help running your planning session, or someone to keep you accountable each week? Book a free 20-minute discovery call at **clarityai.com.au/booking**.",
    },
  ],
};
