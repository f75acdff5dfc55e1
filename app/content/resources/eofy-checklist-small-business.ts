import type { PdfResourceSource } from "./types";

export const EOFY_CHECKLIST: PdfResourceSource = {
  kind: "pdf",
  title: "EOFY checklist for Australian small business",
  eyebrow: "Financial year ending 30 June 2026",
  subject:
    "What to do before and after 30 June 2026: bad debts, stocktake, super, payday super set-up, STP finalisation, BAS and TPAR deadlines, and a year review.",
  keywords: ["EOFY", "end of financial year", "small business", "ATO", "payday super", "STP", "BAS", "TPAR"],
  blocks: [
    { type: "heading", level: 2, text: "How to use this checklist" },
    {
      type: "list",
      items: [
        "Start in mid-May. Some decisions can only be made before 30 June, and several deadlines arrive soon after it.",
        "Tick each box when it’s done, or cross it out if it’s not relevant to you.",
        "Take it to your accountant or tax agent. Rules and thresholds change, so confirm anything you are unsure about with them or with the ATO.",
        "If a due date falls on a weekend or public holiday, you can generally lodge and pay on the next business day. Registered tax and BAS agents may have later lodgment dates.",
      ],
    },
    { type: "heading", level: 2, text: "Part A: In May – get organised" },
    {
      type: "checklist",
      items: [
        "Reconcile every bank account, credit card and loan account to date.",
        "Clear the suspense or “ask my accountant” account.",
        "Make sure every sales invoice and supplier bill for the year is entered.",
        "Book a tax planning meeting with your accountant for late May or early June.",
        "Prepare a year-to-date profit and loss, and an estimate of June trading, for that meeting.",
        "Update your 13-week cash-flow forecast so you can see July clearly before you make any spending decisions (see Part C).",
      ],
    },
    { type: "heading", level: 2, text: "Part B: Before 30 June" },
    { type: "heading", level: 3, text: "Debtors and bad debts" },
    {
      type: "checklist",
      items: [
        "Chase all overdue invoices. Cash in the bank beats a debt on the books.",
        "Review debts you genuinely don’t expect to collect. To claim a deduction this year, a bad debt generally needs to be written off before 30 June, with the decision recorded in writing (e.g. a minute or a note signed by the owner).",
        "If you account for GST on an accruals basis, ask your accountant whether a GST bad debt adjustment applies.",
      ],
    },
    { type: "heading", level: 3, text: "Stock" },
    {
      type: "checklist",
      items: [
        "Plan a stocktake as close to 30 June as possible, and record who counted and when.",
        "List damaged, obsolete and slow-moving stock.",
        "Ask your accountant which valuation method suits each item (cost, market selling value or replacement value).",
      ],
    },
    { type: "heading", level: 3, text: "Assets and purchases" },
    {
      type: "checklist",
      items: [
        "List assets bought this year with the date, amount and when each was first used or installed ready for use.",
        "Ask your accountant whether the instant asset write-off applies to you this year, and what the current threshold is. Don’t rely on last year’s figure.",
        "Identify assets that are broken, sold or no longer used so they can be written off.",
        "Only buy something early if you were going to buy it anyway. A $10,000 purchase that saves 25% tax still leaves you $7,500 out of pocket.",
      ],
    },
    { type: "heading", level: 3, text: "Super" },
    {
      type: "checklist",
      items: [
        "Employer super contributions are generally deductible only in the year the fund receives them. If you want the deduction this year, pay the April–June quarter amount well before 30 June (clearing houses and funds can take several business days to process).",
        "Otherwise, note that the April–June 2026 super guarantee is due by 28 July 2026.",
        "If you make personal super contributions as a sole trader or partner, check the contribution caps and notice requirements with your accountant or fund.",
      ],
    },
    { type: "heading", level: 3, text: "Other items to raise with your accountant" },
    {
      type: "checklist",
      items: [
        "Prepaid expenses (e.g. insurance, subscriptions) and whether a deduction this year is available and sensible for your cash flow.",
        "Trust distribution resolutions, which generally need to be made by 30 June.",
        "Minimum yearly repayments on any Division 7A loans from your company.",
        "Whether next year’s PAYG instalments still reflect what you expect to earn.",
        "Any capital gains or losses from selling assets during the year.",
        "Directors’ fees or bonuses you intend to pay, and how they are documented.",
      ],
    },
    { type: "heading", level: 3, text: "Records" },
    {
      type: "checklist",
      items: [
        "Keep receipts, invoices, bank statements and payroll records for at least five years for tax purposes; the Fair Work rules require employee records to be kept for seven years.",
        "Back up your accounting file and any spreadsheets used for the year.",
      ],
    },
    { type: "heading", level: 2, text: "Part C: Payroll ready for 1 July 2026 (payday super)" },
    {
      type: "paragraph",
      text: "From 1 July 2026, super guarantee must be paid at the same time as wages (payday super), rather than quarterly. The rate stays at 12% of ordinary time earnings. Check the ATO’s current guidance on how quickly contributions must reach each fund.",
    },
    {
      type: "checklist",
      items: [
        "Confirm your payroll software supports payday super and that it is switched on.",
        "Check every employee’s super fund details are complete and correct. Payments with missing or wrong details can be rejected.",
        "If you have used the ATO’s Small Business Superannuation Clearing House, confirm your replacement arrangement with your payroll provider or accountant.",
        {
          text: "Update your cash-flow forecast for July 2026, which can carry:",
          hint: "the April–June quarter super guarantee (due 28 July 2026); super on every July pay run under payday super; the April–June quarter BAS (due 28 July for many quarterly self-lodgers).",
        },
        "Apply increases from the Fair Work Commission’s annual wage review, which usually take effect from the first full pay period starting on or after 1 July. Check the pay guides for the awards your staff are covered by.",
        "Review any employees paid above award: does the new award rate overtake them?",
      ],
    },
    { type: "heading", level: 2, text: "Part D: After 30 June – key deadlines" },
    { type: "heading", level: 3, text: "By 14 July" },
    {
      type: "checklist",
      items: ["Finalise Single Touch Payroll (STP) data for the year so employees’ income statements are “tax ready”."],
    },
    { type: "heading", level: 3, text: "By 28 July" },
    {
      type: "checklist",
      items: [
        { text: "Lodge and pay the April–June quarter BAS, if you lodge it yourself.", hint: "Lodging through a registered agent may give you a later date." },
        "Pay the April–June quarter super guarantee, if not already paid before 30 June.",
      ],
    },
    { type: "heading", level: 3, text: "By 28 August" },
    {
      type: "checklist",
      items: [
        "Lodge a Taxable Payments Annual Report (TPAR) if your business pays contractors and is in an industry that must report, such as building and construction, cleaning, courier and road freight, information technology, or security, investigation and surveillance.",
      ],
    },
    { type: "heading", level: 3, text: "Also in July and August" },
    {
      type: "checklist",
      items: [
        "Check when your workers’ compensation wage declaration or renewal is due. Each state and territory scheme has its own timing.",
        "Check your payroll tax annual reconciliation date if you are registered for payroll tax in any state or territory.",
        "Review insurance renewals and business registrations due in the new year.",
        "Send your accountant everything they need for the tax return, and agree a date.",
      ],
    },
    { type: "heading", level: 2, text: "Part E: Look back and plan ahead (half a day in July)" },
    { type: "heading", level: 3, text: "The numbers" },
    {
      type: "checklist",
      items: [
        "Revenue, gross margin and net profit compared with last year",
        "Gross margin by customer, service or product line, not just sales",
        "Debtor days: how long customers actually took to pay",
        "Cash at 30 June compared with 1 July last year",
        "Owner hours per week, on average",
      ],
    },
    { type: "heading", level: 3, text: "The questions" },
    {
      type: "checklist",
      items: [
        "Which customers, jobs or products made the most money? Which lost money?",
        "What took far more of your time than it was worth?",
        "Are your prices still right for your costs, including the new award rates?",
        "What would you stop doing if you were starting again?",
      ],
    },
    { type: "heading", level: 3, text: "The plan" },
    {
      type: "checklist",
      items: [
        "Set a budget or simple targets for the new financial year.",
        "Choose three priorities for the next 90 days, each with one owner.",
        "Roll your 13-week cash-flow forecast forward.",
        "Book your first quarterly review in the calendar now.",
      ],
    },
    { type: "rule" },
    {
      type: "paragraph",
      style: "note",
      text: "Want help turning the year’s numbers into a plan? Book a free 20-minute discovery call at **clarityai.com.au/booking**, or ask ClarityAI, our 24/7 AI business coach, to help you prepare questions for your accountant.",
    },
  ],
};
