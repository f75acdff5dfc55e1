import type { CurriculumModule } from "./types";

// BAS, GST and PAYG basics: five lessons, from how GST works to lodging and paying on time.
export const basGstPayg: CurriculumModule = {
  id: "bas-gst-payg",
  title: "BAS, GST and PAYG basics",
  summary:
    "How GST works, what a valid tax invoice needs, cash or accrual reporting, the difference between PAYG withholding and PAYG instalments, and lodging every BAS on time.",
  overviewMd: `Your business activity statement (BAS) is where GST, PAYG withholding and PAYG instalments meet. Get the basics right and the BAS becomes a routine 30-minute check; get them wrong and it becomes a quarterly source of stress, penalties and interest.

This module explains, in plain language, what an Australian small-business owner needs to know to work confidently with their bookkeeper, BAS agent or accountant: when you must register for GST, how to work out the GST in a price, what makes a tax invoice valid, whether to account for GST on a cash or accrual basis, why PAYG withholding and PAYG instalments are two different things, and what to do when a BAS is due and the money isn't there.

Each lesson includes a worked Australian example and a one-page worksheet for your own business. Rates, thresholds and dates are correct at the time of writing; they do change, so check ato.gov.au or business.gov.au before you rely on a figure.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
  outcomes: [
    "Work out whether you must register for GST and calculate the GST in any price",
    "Issue and keep tax invoices and records that stand up to an ATO review",
    "Choose cash or accrual GST accounting and a reporting period that suit your business",
    "Tell PAYG withholding from PAYG instalments and know where each appears on your BAS",
    "Lodge and pay every BAS on time, and know your options when you can't pay in full",
  ],
  topic: "tax",
  level: "beginner",
  access: "free",
  lessons: [
    {
      id: "bas-gst-payg-how-gst-works",
      title: "How GST works",
      summary: "GST in plain language: the 10 % rate, the 1/11 rule, the $75,000 registration threshold and the three kinds of sale.",
      estimatedMinutes: 12,
      bodyMd: `## GST in one paragraph

Goods and services tax (GST) is a 10 % tax on most goods and services sold or consumed in Australia. If your business is registered for GST, you include GST in your prices, pass it on to the ATO, and claim back the GST included in the price of things you buy for the business — your GST credits. Each BAS, you pay the difference between the GST you collected and the GST credits you can claim. If your credits are larger — say you bought a new vehicle or expensive equipment — the ATO refunds the difference.

## Do you have to register?

At the time of writing you **must** register for GST within 21 days of your GST turnover reaching **$75,000 or more** ($150,000 for non-profit organisations). Taxi and ride-sourcing drivers must register whatever their turnover.

GST turnover is your business income excluding GST, and excluding sales that are input-taxed or not connected to your business. The test looks both ways:

- **Current GST turnover** — this month plus the previous 11 months.
- **Projected GST turnover** — this month plus the next 11 months.

If either reaches $75,000, you have 21 days to register. Below the threshold registration is optional. Registering voluntarily lets you claim GST credits, but you must then charge GST and lodge BAS.

Registration is through the ATO or the Australian Business Register (abr.gov.au) — you need an ABN first.

## The 1/11 rule

Because GST is 10 % of the ex-GST price, the GST in a GST-inclusive price is **one-eleventh** of that price.

- A $110 invoice includes $10 of GST ($110 ÷ 11), not $11.
- A $2,750 invoice includes $250 of GST.
- To go the other way, multiply the ex-GST price by 1.1: $500 ex-GST is $550 including GST.

Taking 10 % of a GST-inclusive figure is the most common GST mistake we see. It overstates the GST by 10 %.

## Three kinds of sale

Not every sale includes GST. Every sale you make falls into one of three groups:

- **Taxable** — most goods and services. You charge GST and can claim credits on related purchases.
- **GST-free** — for example most basic food, many health and medical services, some education courses, and exports. You don't charge GST, but you *can* still claim GST credits on related purchases.
- **Input-taxed** — mainly financial supplies (such as interest and bank fees) and residential rent. No GST is charged, and you generally *can't* claim credits on purchases that relate to them.

If you aren't sure which group a product or service belongs to, ask your BAS agent or check the ATO's guidance before you set your prices.

## A worked example

Sam is an electrician in Hobart, registered for GST. In the quarter from January to March:

| | Including GST | GST |
|---|---|---|
| Sales to customers | $66,000 | $6,000 |
| Materials, fuel, phone and insurance (taxable purchases) | $22,000 | $2,000 |
| Bank fees and loan interest (input-taxed) | $1,800 | nil |

- GST on sales: $66,000 ÷ 11 = **$6,000** (label 1A on the BAS).
- GST credits: $22,000 ÷ 11 = **$2,000** (label 1B). The bank fees and interest carry no GST, so no credit.
- GST payable for the quarter: $6,000 − $2,000 = **$4,000**.

Sam's total sales including GST ($66,000) go at label G1. His BAS for the January–March quarter is due on 28 April.

## Three habits that keep GST simple

1. Code every transaction in your accounting software with the right GST code as it happens, not at BAS time.
2. Keep the GST you collect in a separate account until the BAS is paid.
3. Check the GST on large purchases before you claim it — the supplier must be registered and you need a valid tax invoice (Lesson 2).

## Try this this week

Check your GST position. Add up your GST turnover for the past 12 months and estimate the next 12: are you required to be registered? If you are registered, run a GST report in your accounting software for last quarter and check three of your biggest sales and three of your biggest purchases: is the GST one-eleventh of the total, and is each coded as taxable, GST-free or input-taxed correctly?

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your GST check-up",
        intro: "A short record of where your business stands on GST. Take it to your next meeting with your BAS agent or accountant.",
        fields: [
          {
            id: "turnover",
            label: "GST turnover: last 12 months and projected next 12 months",
            hint: "Business income excluding GST, e.g. $68,000 last 12 months; $82,000 projected",
          },
          { id: "registration", label: "Are you registered for GST? If not, do you have to be, and by when?", multiline: true },
          {
            id: "sale-types",
            label: "Your sales that are GST-free or input-taxed (if any)",
            hint: "e.g. exports, basic food lines, residential rent",
            multiline: true,
          },
          {
            id: "holding",
            label: "Where you keep the GST you collect until the BAS is paid",
            hint: "e.g. a separate tax account with a weekly transfer of receipts ÷ 11",
          },
          { id: "questions", label: "Questions for your BAS agent or accountant", multiline: true },
        ],
      },
      check: [
        {
          prompt: "How much GST is included in a GST-inclusive price of $440?",
          options: ["$44", "$40", "$4.40", "$400"],
          answerIndex: 1,
          explanation: "The GST in a GST-inclusive price is one-eleventh: $440 ÷ 11 = $40. Taking 10 % of $440 ($44) overstates it.",
        },
        {
          prompt: "At the time of writing, when must a business register for GST?",
          options: [
            "Only once its profit exceeds $75,000",
            "Within 21 days of its current or projected GST turnover reaching $75,000",
            "As soon as it has an ABN",
            "At the end of the financial year in which turnover exceeds $150,000",
          ],
          answerIndex: 1,
          explanation:
            "The test is GST turnover (income excluding GST), current or projected, of $75,000 or more — $150,000 for non-profits. Registration is due within 21 days.",
        },
        {
          prompt: "A business sells only GST-free goods. Can it claim GST credits on its business purchases?",
          options: [
            "No, never",
            "Yes, if it is registered for GST and has the right tax invoices",
            "Only for purchases over $1,000",
            "Only in the first year of trading",
          ],
          answerIndex: 1,
          explanation: "GST-free sales still allow credits on related purchases. It is input-taxed sales, such as residential rent, that generally don't.",
        },
      ],
    },
    {
      id: "bas-gst-payg-tax-invoices-and-records",
      title: "Tax invoices and records that stand up",
      summary: "What a valid tax invoice needs, when you must have one to claim GST, suppliers without an ABN, and how long to keep your records.",
      estimatedMinutes: 12,
      bodyMd: `## Why the paperwork matters

A GST credit is only as good as the tax invoice behind it. If the ATO reviews your BAS and you can't produce a valid tax invoice for a purchase, the credit can be disallowed — with interest and possibly a penalty on top. Good records also make your BAS faster to prepare and cheaper for your bookkeeper to check.

## What a tax invoice must show

At the time of writing, a tax invoice for a sale of less than $1,000 must show:

- that it is intended to be a tax invoice (the words "Tax invoice" at the top do this);
- the seller's identity and **ABN**;
- the date it was issued;
- a brief description of what was sold, including the quantity (if relevant) and price;
- the GST amount — or, if GST is exactly one-eleventh of the total, a statement such as "Total price includes GST";
- which items are taxable, if the invoice mixes taxable and GST-free items.

For sales of **$1,000 or more**, the invoice must also show the buyer's identity or ABN.

Most accounting software produces compliant tax invoices once your business details are set up correctly. Check your template once, carefully, and you won't need to think about it again. If a customer asks for a tax invoice for a taxable sale of more than $82.50 (including GST), you must give them one within 28 days.

## When you need one to claim a credit

You need a valid tax invoice to claim a GST credit for a purchase that costs **more than $82.50 including GST**. For smaller purchases, other records such as a receipt or bank statement entry are enough, though the supplier must still be registered for GST for there to be GST in the price.

Before you claim a credit, check that the supplier was registered for GST when they invoiced you. ABN Lookup (abr.business.gov.au) shows whether an ABN is active and registered for GST.

## Suppliers who don't quote an ABN

If a business supplier doesn't give you an ABN for a payment of more than $75 (excluding GST), you may have to withhold tax from the payment at the top rate — 47 % at the time of writing — and pay it to the ATO with your BAS (label W4), then report it. There are exceptions, for example a supplier who gives you a written statement that the work is a hobby or private activity. The easiest path is to ask for an ABN before work starts and to check it on ABN Lookup.

## How long to keep records

- **Business and tax records:** generally five years from when you prepared or obtained them, or from when the transaction was completed, whichever is later.
- **Employee records:** seven years under the Fair Work Act.

Digital copies are fine if they are a true and clear copy. Photograph paper receipts on the day and let your accounting software or a receipts app store them against the transaction.

## A worked example

Leah owns a café in Newcastle. In one quarter:

- She buys a coffee grinder for **$1,650** including GST. The supplier's invoice shows their business name and the total, but no ABN and no GST amount. Leah can't claim the **$150** GST credit until she gets a valid tax invoice — so she emails the supplier, who sends a corrected one the same day.
- A cleaner invoices **$600** for a deep clean but has no ABN and it isn't a hobby. Leah asks for an ABN before paying. The cleaner applies for one and re-issues the invoice; had he not, Leah would have had to withhold $282 (47 %) and pay him $318.
- Leah's own invoices to a catering customer were missing her ABN because her new accounting software wasn't set up. She fixes the template and re-issues the two affected invoices.

Ten minutes of checking saved her $150 in lost credits and an awkward conversation at BAS time.

## A simple weekly record routine

1. Photograph and upload receipts the day you get them.
2. Reconcile your bank feeds once a week.
3. Flag any purchase over $82.50 without a tax invoice and ask the supplier for one straight away.
4. Check new suppliers on ABN Lookup before the first payment.

## Try this this week

Open last quarter's purchases over $82.50 and check that each has a valid tax invoice attached. Then look at one of your own invoices against the checklist above — ABN, date, description, GST, "Tax invoice". Fix your template if anything is missing.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your records checklist",
        intro: "A checklist for whoever handles invoices and receipts in your business.",
        fields: [
          {
            id: "invoice-template",
            label: "Your tax invoice template: what you checked and fixed",
            hint: "ABN, date, description, GST amount, 'Tax invoice', buyer's ABN for $1,000+",
            multiline: true,
          },
          {
            id: "receipts",
            label: "How and when receipts are captured",
            hint: "e.g. photographed on the day into the accounting software; reconciled every Monday",
          },
          { id: "abn-checks", label: "How new suppliers' ABNs and GST registration are checked before the first payment" },
          { id: "missing-invoices", label: "Purchases over $82.50 still missing a valid tax invoice, and who is chasing them", multiline: true },
          {
            id: "retention",
            label: "Where records are stored and for how long",
            hint: "e.g. cloud accounting + shared drive; 5 years (7 for employee records)",
          },
        ],
      },
      check: [
        {
          prompt: "You buy a $1,100 (including GST) laptop for the business. What do you need to claim the $100 GST credit?",
          options: [
            "Just the bank statement",
            "A valid tax invoice from a GST-registered supplier",
            "Nothing, as long as it is a business expense",
            "A statement by supplier form",
          ],
          answerIndex: 1,
          explanation: "For purchases over $82.50 including GST, you need a valid tax invoice, and the supplier must be registered for GST.",
        },
        {
          prompt: "A tax invoice for a $2,200 sale must show which extra detail that a $220 invoice doesn't need?",
          options: ["The buyer's identity or ABN", "The seller's bank account", "The buyer's date of birth", "The seller's tax file number"],
          answerIndex: 0,
          explanation: "For sales of $1,000 or more, the tax invoice must also show the buyer's identity or ABN.",
        },
        {
          prompt: "How long should you generally keep business tax records?",
          options: ["One year", "Two years", "Five years", "Until you sell the business"],
          answerIndex: 2,
          explanation: "Generally five years; employee records are kept for seven years under the Fair Work Act.",
        },
      ],
    },
    {
      id: "bas-gst-payg-cash-or-accrual",
      title: "Cash or accrual, monthly or quarterly",
      summary: "When GST counts — on payment or on invoice — and how often you report, with the effect of each choice on your cash flow.",
      estimatedMinutes: 12,
      bodyMd: `## Two settings that shape every BAS

When you registered for GST, two choices were made, perhaps by your accountant and perhaps without much discussion:

1. **Your accounting basis** — cash or accrual. This decides *when* GST on a sale or purchase is counted.
2. **Your reporting period** — monthly, quarterly or annually. This decides *how often* you lodge and pay.

Both affect your cash flow. Both can be changed if they no longer suit you. And both must match the settings in your accounting software, or your BAS figures will be wrong.

## Cash basis

On a cash basis you report GST on a sale in the period you **receive payment**, and claim GST credits on a purchase in the period you **pay for it**.

- It matches your bank account, so you never pay GST on money you haven't received.
- It suits businesses whose customers pay on terms or pay slowly.

At the time of writing you can choose the cash basis if your aggregated turnover is less than $10 million, and in some other cases. Check ato.gov.au for the current rules.

## Accrual basis

On an accrual basis you report GST on a sale in the period you **issue the invoice** (or receive any payment, if that happens first), and claim credits in the period you **receive the supplier's invoice** (or pay, if earlier).

- You may pay GST to the ATO before your customer has paid you.
- You claim credits on purchases sooner, even before you pay the supplier.
- It is required for larger businesses, and some smaller businesses prefer it because it matches their management accounts.

## A worked example

Nick runs a joinery business in Adelaide. In the April–June quarter:

| | Invoiced (incl. GST) | Paid (incl. GST) |
|---|---|---|
| Sales to customers | $88,000 | $66,000 |
| Purchases from suppliers | $33,000 | $22,000 |

- **Accrual:** GST on sales $88,000 ÷ 11 = $8,000; credits $33,000 ÷ 11 = $3,000; GST payable **$5,000**.
- **Cash:** GST on sales $66,000 ÷ 11 = $6,000; credits $22,000 ÷ 11 = $2,000; GST payable **$4,000**.

On the cash basis Nick pays $1,000 less this quarter. He hasn't saved it — the GST on the unpaid invoices is reported when customers pay — but he never has to fund GST on money still owed to him. For a business with slow-paying builders as customers, that matters.

## How often you report

- **Quarterly** — the usual choice for small businesses. At the time of writing, the quarterly BAS is due on 28 October, 28 February, 28 April and 28 July, unless your registered agent has a later date for you.
- **Monthly** — required if your GST turnover is $20 million or more, and open to anyone who chooses it. Due on the 21st of the following month. Some owners prefer it: smaller bills, fresher books and faster refunds if you are usually in credit, for example if you export.
- **Annually** — available if you registered for GST voluntarily and your GST turnover is under $75,000. One GST return a year, but you must be disciplined about setting GST aside.

If you have employees, PAYG withholding may still need to be reported and paid monthly or quarterly, whatever your GST period (Lesson 4).

## Simpler BAS

Most small businesses with a GST turnover under $10 million report GST on a **Simpler BAS**, with just three GST labels: G1 (total sales), 1A (GST on sales) and 1B (GST on purchases). If you are still filling in the longer set of labels, ask your BAS agent whether you need to.

## Changing your settings

You can change your accounting basis or reporting period through Online services for business, your registered agent, or by phoning the ATO. Changes generally take effect from the start of a tax period, and there are limits on changing back and forth. Tell your bookkeeper and update your accounting software on the same day.

## Try this this week

Find out your current settings: look at a past BAS or ask your BAS agent whether you are on cash or accrual and which reporting period you use. Then open your accounting software's GST or financial settings and check that they match. If your customers pay slowly and you are on accrual, or you would find monthly reporting easier to budget for, write it down and raise it with your accountant.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your GST settings",
        intro: "Record how your business reports GST, so everyone who touches your books works the same way.",
        fields: [
          { id: "basis", label: "Accounting basis (cash or accrual) and why it suits you", multiline: true },
          { id: "period", label: "Reporting period (monthly, quarterly or annual)", hint: "e.g. Quarterly, Simpler BAS" },
          { id: "software", label: "Accounting software setting checked (date and by whom)" },
          {
            id: "due-dates",
            label: "Your next four BAS due dates, in your calendar",
            hint: "e.g. 28 Feb, 28 Apr, 28 Jul, 28 Oct — or your agent's dates",
            multiline: true,
          },
          { id: "change", label: "Anything you want to change, to raise with your accountant", multiline: true },
        ],
      },
      check: [
        {
          prompt: "On the cash basis, when do you report the GST on a sale?",
          options: ["When you send the quote", "When you issue the invoice", "When the customer pays you", "At the end of the financial year"],
          answerIndex: 2,
          explanation: "On the cash basis, GST on a sale is reported in the period you receive payment, and GST credits in the period you pay.",
        },
        {
          prompt: "At the time of writing, when is a quarterly BAS for January to March due (without an agent's later date)?",
          options: ["21 April", "28 April", "31 March", "28 July"],
          answerIndex: 1,
          explanation: "Quarterly BAS are due on 28 October, 28 February, 28 April and 28 July; registered agents may have later dates for their clients.",
        },
        {
          prompt: "Which three GST labels appear on a Simpler BAS?",
          options: ["W1, W2 and T7", "G1, 1A and 1B", "G2, G3 and G10", "1A, W4 and T11"],
          answerIndex: 1,
          explanation: "Simpler BAS uses G1 (total sales), 1A (GST on sales) and 1B (GST on purchases).",
        },
      ],
    },
    {
      id: "bas-gst-payg-payg-withholding-and-instalments",
      title: "PAYG withholding and PAYG instalments: not the same thing",
      summary: "Withholding is tax you take from others' pay; instalments are prepayments of your own income tax. How each works and where it goes on the BAS.",
      estimatedMinutes: 13,
      bodyMd: `## Same letters, different jobs

"PAYG" stands for pay as you go, and it turns up twice on many activity statements. The two are easily confused, but they are completely different:

| | PAYG withholding | PAYG instalments |
|---|---|---|
| Whose tax is it? | Your **employees'** (and some others') | **Your business's own** income tax |
| Where does it come from? | Deducted from wages and certain payments you make | Paid from your business's money |
| What triggers it? | Paying employees, directors or suppliers without an ABN | The ATO enters you, based on your last tax return |
| BAS labels | W1, W2 (and W4 for no-ABN withholding) | T1, T2, T11 — or T7 — and variation labels |

## PAYG withholding

If you employ staff, you must register for PAYG withholding before you first pay them. Each pay day you work out the tax to withhold using the ATO's tax tables (your payroll software does this from each employee's tax file number declaration), pay the employee the net amount, and report the pay through Single Touch Payroll (STP).

The tax you withheld is held for the employee until you pay it to the ATO. On your BAS:

- **W1** — total salary, wages and other payments for the period.
- **W2** — the amounts withheld from those payments.

At the time of writing, a business that withholds $25,000 or less a year is a small withholder and usually pays quarterly with its BAS; medium withholders pay monthly. Check ato.gov.au for your situation.

Withholding also applies to company directors' fees and to suppliers who don't quote an ABN (Lesson 2). It generally doesn't apply to contractors who quote an ABN, unless you have a voluntary agreement with them.

## PAYG instalments

PAYG instalments are regular prepayments of the income tax on your **business and investment income**, so that you don't face one large bill after you lodge your tax return. The ATO enters you into the system when your latest return shows enough business or investment income — for sole traders, at the time of writing, instalment income of $4,000 or more, tax payable of $1,000 or more and notional tax of $500 or more. Companies and trusts have their own entry rules.

You usually pay instalments each quarter, in one of two ways:

- **Option 1: the instalment amount.** Pay the amount the ATO calculates and prints on your activity statement (label T7).
- **Option 2: the instalment rate.** Multiply your instalment income for the quarter (T1, broadly your business income excluding GST) by the rate the ATO gives you (T2) to get the instalment (T11). This tracks your actual income, so it falls automatically in a slow quarter.

If you expect your income to be much lower this year, you can vary the amount or rate. Be careful: if your varied instalments turn out too low — less than 85 % of what they should have been, at the time of writing — the ATO may charge interest. Everything you pay is credited against your income tax when you lodge your return.

## And super is neither

Super guarantee contributions — 12 % of qualifying earnings (broadly, ordinary time earnings) at the time of writing — are paid to employees' super funds, not to the ATO on your BAS. Under the Payday Super rules that started on 1 July 2026, they generally have to reach the fund within seven business days of each payday.

## A worked example

Kate runs a tour company in Darwin as a Pty Ltd, with four employees. For the July–September quarter:

- Gross wages **$48,000** (W1); tax withheld **$7,900** (W2). Kate's staff have already "paid" this tax — it was taken from their pay — so it must go to the ATO.
- The company is on PAYG instalments, option 2: instalment income $120,000 × rate 6 % = **$7,200** (T11). This is a prepayment of the company's own tax.
- Net GST for the quarter: **$5,300**.
- Total payable on the BAS: $5,300 + $7,900 + $7,200 = **$20,400**, due on 28 October (or her agent's later date).

Separately, Kate pays super of 12 % on her employees' qualifying earnings to their funds, each pay cycle.

## Try this this week

Pull out your last BAS and find the W and T labels. Write down which PAYG applies to you: withholding (you have employees), instalments (you've been entered), both or neither. If you are on instalments, check with your accountant whether option 1 or option 2 better fits this year's income.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your PAYG map",
        intro: "Which PAYG applies to your business, how much to set aside, and who looks after it.",
        fields: [
          {
            id: "withholding",
            label: "PAYG withholding: who you withhold from and how often you pay it",
            hint: "e.g. 4 employees, small withholder, quarterly with the BAS",
            multiline: true,
          },
          { id: "stp", label: "Who runs payroll and STP reporting, and on which day" },
          { id: "instalments", label: "PAYG instalments: option 1 or 2, and the current amount or rate", hint: "e.g. Option 2, rate 6 %" },
          { id: "set-aside", label: "What you'll set aside each quarter for W2 and your instalment", hint: "e.g. W2 about $7,900; instalment about $7,200" },
          { id: "questions", label: "Questions for your accountant (e.g. varying instalments)", multiline: true },
        ],
      },
      check: [
        {
          prompt: "What is PAYG withholding?",
          options: [
            "A prepayment of your business's own income tax",
            "Tax you deduct from employees' wages and certain other payments and pay to the ATO",
            "The GST you collect on sales",
            "The super you pay for employees",
          ],
          answerIndex: 1,
          explanation:
            "PAYG withholding is tax taken from payments to others — mainly employees — and passed to the ATO. PAYG instalments are prepayments of your own income tax.",
        },
        {
          prompt: "A business on PAYG instalments option 2 has instalment income of $50,000 and a rate of 5 %. What is its instalment?",
          options: ["$250", "$2,500", "$5,000", "$25,000"],
          answerIndex: 1,
          explanation: "$50,000 × 5 % = $2,500, reported at T11.",
        },
        {
          prompt: "Where are super guarantee contributions paid?",
          options: ["To the ATO at label W2", "To the ATO at label T7", "To employees' super funds, not through the BAS", "To the employee in cash"],
          answerIndex: 2,
          explanation: "Super guarantee contributions go to employees' super funds. They don't appear on the BAS.",
        },
      ],
    },
    {
      id: "bas-gst-payg-lodge-and-pay-on-time",
      title: "Lodge and pay every BAS on time",
      summary: "A BAS routine that takes the stress out of due dates, and what to do when the money isn't there.",
      estimatedMinutes: 13,
      bodyMd: `## On time, every time

Lodging your BAS on time is one of the easiest ways to stay on good terms with the ATO. Late lodgement can attract failure-to-lodge penalties — calculated in penalty units for each 28 days the BAS is late — even when no tax is owing. And a business that lodges on time finds it much easier to arrange a payment plan when it needs one.

## The due dates

At the time of writing, a quarterly BAS is due on:

| Quarter | Due |
|---|---|
| July–September | 28 October |
| October–December | 28 February |
| January–March | 28 April |
| April–June | 28 July |

Monthly BAS are due on the 21st of the following month. If a due date falls on a weekend or public holiday, you can lodge and pay on the next business day. Registered tax and BAS agents can often lodge later than these dates for their clients — ask yours for your actual dates, and check ato.gov.au.

## A BAS routine in six steps

Block an hour in your calendar a week before each due date (or give your bookkeeper a firm deadline):

1. **Reconcile every bank account and credit card** to the last day of the period.
2. **Check GST codes** on unusual transactions: large purchases, anything overseas, insurance, bank fees, sales that might be GST-free.
3. **Check your payroll** — W1 and W2 should match the STP reports for the period.
4. **Compare with last quarter and the same quarter last year.** A big change in sales or GST should have a reason you can explain.
5. **Review and lodge** — through your accounting software, Online services for business, or your registered agent.
6. **Pay from your tax account** using the payment reference number (PRN) for your business, by BPAY or another method listed on ato.gov.au.

## Fixing a mistake

Found an error in a BAS you've already lodged? Many small GST errors can be corrected on a later BAS, within time and value limits set by the ATO; larger ones need the original BAS revised. Your BAS agent can tell you which applies.

## When you can't pay in full

It happens — a customer goes bust, a slow season runs long. What matters is what you do next.

- **Lodge on time anyway.** This avoids failure-to-lodge penalties and shows the ATO exactly what you owe.
- **Pay what you can** by the due date.
- **Set up a payment plan.** At the time of writing, businesses that owe $200,000 or less and meet the conditions can usually set one up themselves through Online services for business, or through their registered agent. Larger debts need a conversation with the ATO. Limits and conditions change, so check ato.gov.au.
- **Understand the cost.** The general interest charge (GIC) accrues daily on unpaid amounts. For income years starting on or after 1 July 2025, GIC is no longer tax-deductible.
- **Keep the plan.** Missing instalments can cancel the plan. Keep lodging and paying new BAS on time while it runs.

If you run a company, unpaid PAYG withholding, GST and super can become the directors' personal liability under the director penalty regime. Treat those amounts as first in line.

## A worked example

Ben runs an electrical contracting business in Townsville. His BAS for January–March shows **$18,600** payable, due 28 April. A large builder client has just gone into administration owing him $14,000, and he has only **$9,000** in his tax account.

- On 24 April he lodges the BAS on time and pays **$6,000**, keeping $3,000 for April wages.
- He sets up a payment plan online for the remaining **$12,600** over six months: about **$2,100 a month**, plus GIC.
- He adds the instalments to his 13-week cash-flow forecast, adds $500 a week to his tax-account transfer so the next BAS and the plan instalments are both covered, and talks to his accountant about the builder's debt.

Six months later the plan is paid off, his BAS record is clean, and he has stopped extending credit to builders without progress payments.

## Try this this week

Put your next four BAS due dates in your calendar, with a reminder a week before each one. Then estimate your next BAS — GST, W2 and any PAYG instalment — and compare it with what's in your tax account today. If there's a gap, add the shortfall to your cash-flow forecast now, while there's time to close it.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your BAS calendar and routine",
        intro: "One page to pin up: when your BAS is due, who does what, and what happens if money is short.",
        fields: [
          { id: "due-dates", label: "Your next four BAS due dates (or your agent's dates)", multiline: true },
          {
            id: "routine",
            label: "Your BAS routine: steps, who does each and by when",
            hint: "Reconcile, check GST codes, check W1/W2 against STP, compare, lodge, pay",
            multiline: true,
          },
          {
            id: "estimate",
            label: "Your next BAS estimate compared with your tax account balance",
            hint: "e.g. Estimate $18,600; tax account $9,000; gap $9,600",
          },
          { id: "shortfall-plan", label: "If you're short: how much you'll pay on time and the payment plan you'll ask for", multiline: true },
          { id: "agent", label: "Your registered BAS or tax agent and their contact details" },
        ],
      },
      check: [
        {
          prompt: "Your BAS is due and you can only pay half. What should you do?",
          options: [
            "Wait to lodge until you can pay it all",
            "Lodge on time, pay what you can and arrange a payment plan",
            "Lodge nothing and wait for the ATO to call",
            "Pay the BAS using the super owed to employees",
          ],
          answerIndex: 1,
          explanation:
            "Lodging on time avoids failure-to-lodge penalties; paying what you can and setting up a plan keeps the debt manageable. GIC applies to what remains unpaid.",
        },
        {
          prompt: "Which is true of the general interest charge (GIC) at the time of writing?",
          options: [
            "It doesn't apply while you're on a payment plan",
            "It accrues daily on unpaid amounts and, from 1 July 2025, isn't tax-deductible",
            "It is a one-off $100 fee",
            "It only applies to companies",
          ],
          answerIndex: 1,
          explanation:
            "GIC accrues daily on unpaid tax debts, including during a payment plan, and is no longer deductible for income years starting on or after 1 July 2025.",
        },
      ],
    },
  ],
  quiz: [
    {
      prompt: "A plumber's invoice totals $1,320 including GST. How much GST is in it?",
      options: ["$132", "$120", "$1,200", "$13.20"],
      answerIndex: 1,
      explanation: "$1,320 ÷ 11 = $120. The GST in a GST-inclusive price is one-eleventh, not 10 %.",
    },
    {
      prompt: "At the time of writing, what is the GST registration threshold for a business (not a non-profit)?",
      options: ["$50,000 GST turnover", "$75,000 GST turnover", "$150,000 GST turnover", "$10 million aggregated turnover"],
      answerIndex: 1,
      explanation: "A business must register within 21 days of its current or projected GST turnover reaching $75,000 ($150,000 for non-profits).",
    },
    {
      prompt: "You buy a $330 (including GST) printer. What do you need to claim the $30 GST credit?",
      options: ["A valid tax invoice", "Nothing, because it is under $1,000", "A statement by supplier", "The supplier's tax file number"],
      answerIndex: 0,
      explanation: "You need a valid tax invoice for purchases over $82.50 including GST.",
    },
    {
      prompt: "A business on the accrual basis invoices $22,000 (including GST) in June, and the customer pays in August. When is the GST reported?",
      options: ["In the period including August, when paid", "In the period including June, when invoiced", "At EOFY", "Never, because it was paid late"],
      answerIndex: 1,
      explanation: "On the accrual basis, GST is reported when the invoice is issued (or payment received, if earlier).",
    },
    {
      prompt: "Which statement about PAYG is correct?",
      options: [
        "PAYG withholding and PAYG instalments are two names for the same thing",
        "PAYG withholding is tax taken from employees' pay; PAYG instalments are prepayments of your own income tax",
        "PAYG instalments are deducted from employees' pay",
        "PAYG withholding only applies to companies",
      ],
      answerIndex: 1,
      explanation: "Withholding is other people's tax you pass on; instalments prepay your own business's income tax.",
    },
    {
      prompt: "At the time of writing, when is the quarterly BAS for October to December due (without an agent's later date)?",
      options: ["28 January", "21 January", "28 February", "31 March"],
      answerIndex: 2,
      explanation: "The October–December quarterly BAS is due on 28 February. The others are 28 October, 28 April and 28 July.",
    },
    {
      prompt: "A supplier doesn't quote an ABN for a $900 job that isn't a hobby. What might you have to do?",
      options: [
        "Nothing — it's their problem",
        "Withhold tax at the top rate (47 % at the time of writing) and pay it to the ATO",
        "Add GST to the payment",
        "Pay them in cash",
      ],
      answerIndex: 1,
      explanation: "Without an ABN for a payment over $75 (excluding GST), you may need to withhold at the top rate and report it at W4. Ask for an ABN first.",
    },
  ],
};
