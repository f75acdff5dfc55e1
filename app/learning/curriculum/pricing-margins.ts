import type { CurriculumModule } from "./types";

// Pricing and margins: five lessons, from knowing your true costs to raising prices with confidence.
export const pricingMargins: CurriculumModule = {
  id: "pricing-margins",
  title: "Pricing and margins",
  summary:
    "Work out what each job or product really costs, tell margin from markup, set GST-inclusive prices to the cent, package your offer and raise prices without losing good customers.",
  overviewMd: `Most small businesses don't have a sales problem so much as a pricing problem. Prices set years ago, copied from a competitor or worked out as "cost plus a bit" quietly cap what the business can pay its owner — however hard everyone works.

This module takes you from your real costs to a price you can defend. You will work out your true cost per hour or per unit (including a proper wage for yourself), learn the difference between margin and markup that trips up so many owners, turn a cost and a target margin into an ex-GST and GST-inclusive price to the cent, build packages that customers find easy to say yes to, and plan a price rise that keeps your best customers.

Each lesson has a worked Australian example with real numbers and a worksheet for your own business; the pricing calculator shows your ex-GST price, the GST and the GST-inclusive price as you type.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
  outcomes: [
    "Calculate your true cost per billable hour or per unit, including your own wage",
    "Convert confidently between margin and markup and see what a discount really costs",
    "Set ex-GST and GST-inclusive prices to the cent and display them the way Australian law expects",
    "Design a simple package ladder priced on value, not just on hours",
    "Plan and communicate a price rise and measure its effect",
  ],
  topic: "pricing",
  level: "intermediate",
  access: "subscribers",
  lessons: [
    {
      id: "pricing-margins-know-your-true-costs",
      title: "Know your true costs",
      summary: "Direct costs, overheads and your own wage: work out what an hour or a unit really costs before you set a price.",
      estimatedMinutes: 14,
      bodyMd: `## You can't price what you haven't costed

Every price has to cover three things: the direct cost of the job or product, a share of the overheads that keep the business running, and a fair wage for you — with profit on top. Most underpricing comes from leaving one of these out, usually the owner's wage or the overheads that only show up once a year.

## Direct costs and overheads

- **Direct costs** rise and fall with each job or product sold: materials, stock, packaging, subcontractors, merchant fees on each sale, the wages of staff who do the job.
- **Overheads** (fixed costs) are there whether you sell one job or a hundred: rent, insurance, vehicle costs, phone and software, accounting fees, marketing, equipment replacement, your office or admin staff.

Work with **ex-GST** figures throughout. If you are registered for GST, the GST you pay on costs comes back as credits, and the GST you charge belongs to the ATO — neither is part of your costs or your income.

## Pay yourself properly

If you are a sole trader or a working director, your time is a real cost. Put in a wage at least equal to what you would pay someone else to do your job, plus an allowance for super and leave. If your prices only work when you pay yourself nothing, the business isn't yet viable — it is just keeping you busy.

## Billable hours are fewer than you think

For service businesses, the key figure is **cost per billable hour**: total annual overheads plus your wage, divided by the hours you can actually charge for.

A year has 52 weeks, but take out four weeks of annual leave, public holidays, sick days and training, and you have perhaps 45 to 47 working weeks. Then take out the time spent quoting, travelling, invoicing and doing your BAS. Many tradies and consultants bill 25 to 30 hours in a 45-hour week.

## A worked example

Ellie runs a mobile dog grooming business in Newcastle, as a sole trader registered for GST.

| Annual costs (ex-GST) | Amount |
|---|---|
| Van lease, fuel and servicing | $23,000 |
| Insurance | $2,400 |
| Phone, booking software and card fees | $1,800 |
| Accounting and BAS | $2,200 |
| Marketing | $3,600 |
| Equipment replacement, training and registrations | $5,000 |
| **Overheads** | **$38,000** |
| Ellie's wage, plus $9,000 for super and leave | $84,000 |
| **Total to recover** | **$122,000** |

Ellie works 46 weeks a year and can groom for about 30 hours a week once travel and admin are out: **1,380 billable hours**.

- Cost per billable hour: $122,000 ÷ 1,380 = **$88.41**.
- A standard groom takes 1.5 hours: $88.41 × 1.5 = $132.61, plus $6.00 of shampoo and consumables = **$138.61 ex-GST** just to cover costs and her wage — before any profit.
- Her current price is $120 including GST, which is $109.09 ex-GST.

At $120 a groom, Ellie's 920 grooms a year leave her about $56,800 after direct costs and overheads — not the $84,000 she had in mind, and nothing left over for profit. She isn't failing; her price is. To cover her target wage she needs at least $138.61 ex-GST — $152.47 including GST — and more again to make a profit.

## Products work the same way

If you sell products, cost each item fully: the purchase price, freight in, packaging, merchant fees and a share of wastage or breakage. Then make sure your gross profit across the year covers your overheads and wage.

## Try this this week

Export last financial year's profit and loss. Split every expense into direct costs and overheads, add a proper wage for yourself, and divide by your realistic billable hours or units sold. Compare the answer with your current prices. Write the result on the worksheet — it is the floor under every price in the rest of this module.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your true cost per hour or unit",
        intro: "Use ex-GST figures from last year's profit and loss. Round to the nearest hundred dollars.",
        fields: [
          {
            id: "overheads",
            label: "Your annual overheads, by line",
            hint: "Rent, insurance, vehicles, software, accounting, marketing, equipment…",
            multiline: true,
          },
          { id: "owner-wage", label: "Your own wage, plus super and leave", hint: "What you'd pay someone to do your job, e.g. $75,000 + $9,000" },
          { id: "capacity", label: "Your billable hours (or units sold) a year, and how you worked it out", hint: "e.g. 46 weeks × 30 hours = 1,380 hours" },
          { id: "direct-costs", label: "Direct costs per job or unit", hint: "Materials, consumables, subcontractors, merchant fees" },
          { id: "true-cost", label: "Your true cost per hour or unit, compared with your current price", multiline: true },
        ],
      },
      check: [
        {
          prompt: "Which of these is an overhead rather than a direct cost for a plumber?",
          options: ["Copper pipe for a job", "A subcontractor for one bathroom", "Public liability insurance", "Fittings used on a job"],
          answerIndex: 2,
          explanation: "Insurance is paid whether or not a particular job happens, so it is an overhead. The others vary with each job.",
        },
        {
          prompt: "A consultant's overheads and wage total $150,000 a year and she can bill 1,200 hours. What is her cost per billable hour?",
          options: ["$80", "$100", "$125", "$150"],
          answerIndex: 2,
          explanation: "$150,000 ÷ 1,200 = $125 per billable hour, before direct costs and profit.",
        },
        {
          prompt: "Why should you work with ex-GST figures when costing?",
          options: [
            "Because GST-registered businesses claim back GST on costs and pass on the GST they charge, so it isn't part of costs or income",
            "Because GST only applies to products",
            "Because the ATO requires costings to be lodged",
            "Because GST is always 15 %",
          ],
          answerIndex: 0,
          explanation: "For a GST-registered business, GST flows through to the ATO. Costs and prices compared ex-GST show the real economics.",
        },
      ],
    },
    {
      id: "pricing-margins-margin-vs-markup",
      title: "Margin versus markup",
      summary: "The two ways to describe the same profit, why mixing them up costs money, and what a discount really does to your gross profit.",
      estimatedMinutes: 12,
      bodyMd: `## Same dollars, two percentages

Say you buy something for $60 and sell it for $100 (both ex-GST). Your gross profit is $40. That $40 can be described in two ways:

- **Markup** compares the profit with the **cost**: $40 ÷ $60 = **66.7 %**.
- **Margin** compares the profit with the **price**: $40 ÷ $100 = **40 %**.

Neither is wrong. The trouble starts when someone sets a price using one and reads their reports using the other. Your profit and loss report shows margins (gross profit as a share of sales), so if you price using a markup and expect to see the same percentage as a margin, you will always be disappointed.

## The formulas

- **Markup** = (price − cost) ÷ cost
- **Margin** = (price − cost) ÷ price
- **Price for a target markup** = cost × (1 + markup)
- **Price for a target margin** = cost ÷ (1 − margin)

Converting between them:

| Markup | Margin |
|---|---|
| 25 % | 20 % |
| 33.3 % | 25 % |
| 50 % | 33.3 % |
| 66.7 % | 40 % |
| 100 % | 50 % |

Margin can never reach 100 %; markup can go as high as you like. Always use ex-GST prices and costs — GST is not part of either.

## Gross margin and net margin

**Gross margin** is what's left of each sale after direct costs. **Net margin** is what's left after overheads too — your actual profit as a share of sales. A business can have a healthy-looking gross margin and still make a loss if its overheads are too high for its sales volume. Know both.

## A worked example

Tom runs a bike shop in Hobart. He buys a helmet for $60 ex-GST and wants a 40 % margin.

- Correct: $60 ÷ (1 − 0.40) = **$100 ex-GST**, or $110 including GST. Gross profit $40: a 40 % margin.
- Common mistake: adding 40 % to the cost: $60 × 1.4 = **$84 ex-GST**. Gross profit $24: a margin of just **28.6 %**.

On 1,000 helmets a year, the mistake costs Tom $16,000 in gross profit — roughly the shop's annual insurance and accounting fees combined.

## What a discount really costs

Discounts come straight out of gross profit, so they hurt far more than the percentage suggests. Back to Tom's $100 helmet with a $60 cost:

| | Full price | 10 % off | 20 % off |
|---|---|---|---|
| Price (ex-GST) | $100 | $90 | $80 |
| Gross profit | $40 | $30 | $20 |
| Fall in gross profit | — | 25 % | 50 % |
| Extra sales needed to stay even | — | 33 % | 100 % |

A 10 % discount means selling a third more helmets just to make the same gross profit. A 20 % discount means selling twice as many. Before you run a sale, ask whether it will really bring that many extra customers — or whether it just gives a discount to people who would have paid full price.

Better alternatives to a straight discount: add something of value that costs you little (a free fitting, an extra service), bundle products together, or offer a discount only on slow-moving stock.

## Set targets by product line

Not everything needs the same margin. Tom might aim for 40 % on accessories, 25 % on bikes (where competition is fierce) and 60 % on servicing labour. What matters is that the **mix** covers his overheads and wage. Check margins by line at least quarterly in your accounting or point-of-sale software.

## Try this this week

Pick your five best-selling products or services. For each, write down the ex-GST cost and price, then work out both the markup and the margin. Compare the margin with your target and with your profit and loss report. Then look at your last promotion: how many extra sales did it need to pay for itself, and did it get them?

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your margin targets",
        intro: "Use ex-GST costs and prices. A spreadsheet export from your point-of-sale or accounting software helps.",
        fields: [
          { id: "lines", label: "Your top five products or services: cost, price, markup and margin", multiline: true },
          {
            id: "targets",
            label: "Your target gross margin for each product line",
            hint: "e.g. Accessories 40 %; bikes 25 %; servicing labour 60 %",
            multiline: true,
          },
          { id: "below-target", label: "Lines below target and what you'll change (price, cost or mix)", multiline: true },
          { id: "discount-rule", label: "Your discount rule", hint: "e.g. No more than 10 % off, only on stock older than 6 months, and only with a reason" },
        ],
      },
      check: [
        {
          prompt: "An item costs $50 ex-GST and sells for $100 ex-GST. What are its markup and margin?",
          options: ["Markup 50 %, margin 100 %", "Markup 100 %, margin 50 %", "Both 50 %", "Both 100 %"],
          answerIndex: 1,
          explanation: "Profit is $50. Markup = $50 ÷ $50 cost = 100 %; margin = $50 ÷ $100 price = 50 %.",
        },
        {
          prompt: "What ex-GST price gives a 25 % margin on a $75 cost?",
          options: ["$93.75", "$100.00", "$101.25", "$118.75"],
          answerIndex: 1,
          explanation: "$75 ÷ (1 − 0.25) = $100. Adding 25 % to cost ($93.75) gives only a 20 % margin.",
        },
        {
          prompt: "A product has a 40 % margin. If you discount it by 10 %, how much more must you sell to make the same gross profit?",
          options: ["10 % more", "25 % more", "About 33 % more", "40 % more"],
          answerIndex: 2,
          explanation: "On a $100 price with $60 cost, gross profit falls from $40 to $30, so you need $40 ÷ $30 = 1.33 times the sales — about a third more.",
        },
      ],
    },
    {
      id: "pricing-margins-gst-inclusive-price",
      title: "From cost to a GST-inclusive price",
      summary: "Turn a cost and a target margin into an ex-GST price, add GST to the cent, choose a price point and show it the way Australian law expects.",
      estimatedMinutes: 15,
      bodyMd: `## Three steps to a price

Setting a price for a GST-registered business has three steps, always in this order:

1. **Start with the full cost, ex-GST.** Direct costs plus a share of overheads and your wage (Lesson 1).
2. **Add your margin** to get the ex-GST price: cost ÷ (1 − target margin) (Lesson 2).
3. **Add GST** at 10 %: ex-GST price × 1.1 gives the GST-inclusive price.

Then round to a sensible price point and check the margin again. Going the other way — from a GST-inclusive price back to ex-GST — divide by 1.1. The GST is one-eleventh of the GST-inclusive price.

## Rounding to the cent

When a calculation produces fractions of a cent, round to the nearest cent. On a tax invoice, the ATO's rule at the time of writing is to round the total GST to the nearest cent, with half a cent rounding up. The calculator below works to the cent and shows the ex-GST price, the GST and the GST-inclusive price separately, so you can see exactly how each figure was reached.

## Choosing the price point

A calculated price of $34.72 is rarely the price you put on a shelf or a website. Round to a price point that suits your market — $35, $34.95 or $39 — then work backwards: divide by 1.1 to find the new ex-GST price, and check the margin still meets your target. Rounding **up** protects your margin; if you round down, make sure you know what it costs you.

## Showing prices the right way

Under the Australian Consumer Law, if you sell to consumers and show a price made up of parts, you must also show the **single total price** — including GST and any compulsory fees — at least as prominently. In practice: prices to the public include GST.

- **Selling to consumers:** show the GST-inclusive price. "$35" or "$35 incl. GST".
- **Selling to businesses:** you can quote ex-GST, but make it obvious — "$2,000 + GST" — and show the GST and total on the quote and tax invoice.
- **Not registered for GST:** don't add GST, don't write "incl. GST" and don't show a GST amount on your invoices.

## A worked example

Aisha makes soy candles in Perth and is registered for GST. Her full cost for one large candle is:

| Cost per candle (ex-GST) | Amount |
|---|---|
| Wax, wick, fragrance and jar | $6.90 |
| Label and gift box | $1.80 |
| Her time (15 minutes at $22 an hour) | $5.50 |
| **Full cost** | **$14.20** |

She wants a 55 % margin on her own online sales.

- Ex-GST price: $14.20 ÷ (1 − 0.55) = $14.20 ÷ 0.45 = $31.5556, rounded to **$31.56**.
- GST: $31.56 × 10 % = $3.156, rounded to **$3.16**.
- GST-inclusive price: $31.56 + $3.16 = **$34.72**.

She rounds up to a **$35.00** price point. Working backwards: GST is $35.00 ÷ 11 = **$3.18**, the ex-GST price is **$31.82**, and her margin is ($31.82 − $14.20) ÷ $31.82 = **55.4 %**. Target met.

Then a gift shop asks to stock her candles. Retailers usually expect to buy at about half the retail price, ex-GST. At a $35 retail price that is about $15.91 ex-GST — a margin for Aisha of just 10.7 %. Not worth it.

So she raises her recommended retail price to **$42.00**. The ex-GST retail price becomes $38.18; the wholesale price, half of that, is **$19.09** ex-GST ($21.00 including GST), and her wholesale margin is ($19.09 − $14.20) ÷ $19.09 = **25.6 %**. Her own online sales at $42 now earn a 62.8 % margin. The calculator made a wholesale decision obvious in five minutes.

## Check before you publish

- Does the GST-inclusive price end in a price point your customers are used to?
- Does the margin still meet your target after rounding?
- If you sell through stockists, marketplaces or a booking platform, does the price still work after their cut?
- Are your quotes and invoices consistent — ex-GST with "+ GST" for businesses, GST-inclusive for consumers?

## Try this this week

Use the pricing calculator for your three most important products or services. Enter the full ex-GST cost and your target margin, note the GST-inclusive price to the cent, choose a price point and check the margin again. If any current price is below the calculated one, write down the new price and the date you'll change it.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: { kind: "pricing-calculator", title: "GST-inclusive price calculator" },
      check: [
        {
          prompt: "A service costs $200 ex-GST to deliver and you want a 20 % margin. What is the GST-inclusive price?",
          options: ["$240.00", "$264.00", "$275.00", "$250.00"],
          answerIndex: 2,
          explanation: "Ex-GST price: $200 ÷ (1 − 0.20) = $250. Add 10 % GST ($25) for a GST-inclusive price of $275.",
        },
        {
          prompt: "You choose a price point of $55.00 including GST. What is the ex-GST price?",
          options: ["$49.50", "$50.00", "$50.50", "$60.50"],
          answerIndex: 1,
          explanation: "Divide by 1.1: $55.00 ÷ 1.1 = $50.00. The GST is $55.00 ÷ 11 = $5.00.",
        },
        {
          prompt: "How should a GST-registered business show prices on a website that sells to consumers?",
          options: ["Ex-GST, with GST added at checkout", "As a single total price including GST", "Without any price", "In US dollars"],
          answerIndex: 1,
          explanation:
            "The Australian Consumer Law requires the single total price — including GST and compulsory fees — to be shown to consumers at least as prominently as any part price.",
        },
      ],
    },
    {
      id: "pricing-margins-value-and-packages",
      title: "Price on value with packages",
      summary: "Use cost as the floor, value as the ceiling and packages to help customers choose — with a worked example from a bookkeeping practice.",
      estimatedMinutes: 13,
      bodyMd: `## Cost is the floor, value is the ceiling

Your true cost (Lesson 1) tells you the lowest price you can charge. It doesn't tell you the right price. That depends on the value your customer gets — the problem you solve, the time or risk you save them, the result they can count on — and on the alternatives they have.

- **The floor** is your full cost plus a minimum margin.
- **The ceiling** is the value to the customer of the result you deliver.
- **Competitors** show where customers' expectations sit, but they don't know your costs, and they may be underpricing too.

The space between the floor and the ceiling is where pricing decisions are made. Most small businesses sit too close to the floor.

## Why hourly rates hold you back

Charging by the hour makes your income depend on how many hours you can work, punishes you for getting faster, and invites customers to compare your rate with a cheaper competitor's. Fixed prices for defined outcomes do the opposite: customers know the cost up front, and you keep the benefit of your own efficiency. Keep an hourly rate for genuinely open-ended work, but quote fixed prices wherever you can define the scope.

## Build a package ladder

Three packages — a good, better, best ladder — work well for many service businesses:

1. **Start from outcomes.** What does the customer want to be true after working with you? Describe each package by its result, not by a list of tasks.
2. **Design the middle package first.** It should suit most of your customers and deliver your target margin.
3. **Add a lighter package** for price-sensitive customers, with clear limits.
4. **Add a premium package** with more access, speed or certainty. Some customers will take it, and it makes the middle package look like good value.
5. **Write down what's excluded** and what extra work costs, so scope creep becomes an add-on rather than a free gift.

Add a minimum charge or call-out fee for small jobs, and consider monthly packages paid in advance by direct debit — they smooth your cash flow as well as your workload.

## A worked example

Rachel is a registered BAS agent in Canberra. She used to charge $80 an hour ex-GST and her 20 clients averaged seven hours a month: $11,200 a month ex-GST. Clients queried every invoice, and she earned less whenever she found a faster way to work.

She moved to three monthly packages. Her clients are businesses, so she quotes ex-GST with the GST-inclusive amount alongside:

| Package | Includes | Monthly price |
|---|---|---|
| Essentials | Weekly reconciliations and the quarterly BAS | $400 + GST ($440) |
| Growth | Essentials plus payroll and STP for up to 5 staff, and a monthly report | $700 + GST ($770) |
| Partner | Growth plus a monthly 13-week cash-flow forecast update and a 30-minute call | $1,200 + GST ($1,320) |

Within three months, 5 clients chose Essentials, 12 chose Growth and 3 chose Partner: $2,000 + $8,400 + $3,600 = **$14,000 a month ex-GST**, up $2,800, for about the same hours. Invoices stopped being questioned, because clients had chosen the price in advance. Extra work, such as catching up on an old year's records, is quoted separately.

## Questions to test a package

- Can a customer understand the difference between the three in under a minute?
- Does each package meet your target margin at realistic hours?
- Is the middle package the obvious choice for your typical customer?
- Are the limits and exclusions written down on the quote?

## Try this this week

List the five results your best customers value most. Sketch a three-package ladder around them on the worksheet below, price the middle package first using your true cost and target margin, and offer the ladder to your next two enquiries. Note which package they pick and why.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your package ladder",
        intro: "Sketch three packages around the results your customers value. Price the middle one first.",
        fields: [
          { id: "outcome", label: "The result your customers are really buying", multiline: true },
          { id: "middle", label: "Your middle package: what's included and its price (ex-GST and incl. GST)", multiline: true },
          { id: "light", label: "Your lighter package: what's included, its limits and price", multiline: true },
          { id: "premium", label: "Your premium package: what's added and its price", multiline: true },
          { id: "exclusions", label: "What's excluded, your minimum charge and how extras are priced", multiline: true },
        ],
      },
      check: [
        {
          prompt: "In value-based pricing, what does your true cost represent?",
          options: ["The price you should charge", "The floor below which you shouldn't price", "The ceiling customers will pay", "Your competitor's price"],
          answerIndex: 1,
          explanation: "Your full cost plus a minimum margin is the floor; the value to the customer sets the ceiling.",
        },
        {
          prompt: "Why design the middle package first in a good, better, best ladder?",
          options: [
            "Because it should suit most customers and deliver your target margin",
            "Because it should be the cheapest",
            "Because the ATO requires three prices",
            "Because nobody buys the premium package",
          ],
          answerIndex: 0,
          explanation: "Most customers choose the middle option, so it needs to fit your typical customer and meet your margin. The other two frame it.",
        },
      ],
    },
    {
      id: "pricing-margins-raising-prices",
      title: "Raise your prices with confidence",
      summary: "Why a small price rise does more for profit than you expect, how many customers you could lose and still be ahead, and how to tell customers.",
      estimatedMinutes: 13,
      bodyMd: `## Costs rise every year — do your prices?

Australian businesses face cost increases every year: award wages usually rise from the first full pay period on or after 1 July after the Fair Work Commission's Annual Wage Review, insurance and rent go up, and suppliers pass on their own costs. If your prices stay still, your margin shrinks a little every year without anyone deciding it should.

A regular, planned price review — once a year, before 1 July or at the start of the calendar year — is one of the simplest profit habits a small business can have.

## Small rises, big effect

Because a price rise goes straight to gross profit, a small percentage has a large effect. Take a product priced at $100 ex-GST with direct costs of $70:

| | Now | After a 5 % rise |
|---|---|---|
| Price (ex-GST) | $100 | $105 |
| Direct cost | $70 | $70 |
| Gross profit | $30 | $35 |

Gross profit rises by **16.7 %**. Put another way, you could lose up to **14.3 %** of your sales volume ($30 ÷ $35 = 85.7 %) and still make the same gross profit — with less work. Most businesses that raise prices modestly lose far fewer customers than that, and the ones they lose are often the most price-sensitive and hardest to serve.

## Before you raise prices

- **Know your numbers.** Use your true cost (Lesson 1) and margin targets (Lesson 2) to decide how much each price needs to move.
- **Check your contracts.** If you have ongoing agreements, check what they say about price changes and notice. Since November 2023, unfair terms in standard-form small business and consumer contracts can attract significant penalties — a clause letting you change the price at will, with no way for the customer to get out, may be unfair. Ask a lawyer if you're unsure.
- **Be honest about the reason.** You don't have to justify a price rise, but any reason you give must be true. Blaming a tax or a law that doesn't apply is misleading under the Australian Consumer Law.
- **Start with new customers.** New quotes at the new price from today; existing customers after notice.

## How to tell customers

Keep it short, confident and early:

- Give notice — 30 days is common for regular customers; follow any notice period in your terms.
- Say what's changing, by how much and from when. No long apology.
- Remind them briefly of what they get, and of anything new.
- Ring your biggest customers personally before the email arrives.

> From 1 March our monthly cleaning fee will be $1,272 + GST, up from $1,200 + GST. This reflects higher award wages and insurance. Your team, schedule and quality checks stay the same. If you'd like to talk about it, call me on the number below.

## A worked example

Marco runs a commercial cleaning business in Wollongong with 40 clients averaging $1,200 a month ex-GST: $48,000 a month. After this year's award wage increase and a higher insurance premium, his margin has slipped from 22 % to 17 %.

He raises prices by 6 %, to $1,272 a month, with 30 days' notice and a personal call to his ten largest clients.

- If all 40 stay: revenue rises by $2,880 a month, $34,560 a year, nearly all of it profit.
- Two small clients leave: 38 × $1,272 = **$48,336 a month** — still more revenue than before, with two fewer sites to staff.

His margin is back above 21 %, and his team has time to take on two better-paying clients from his waiting list.

## Measure the result

For three months after the rise, track: the number of customers who left (and why), average sale value, gross margin, and the win rate on new quotes. If the win rate on new quotes barely moves, your prices were probably too low and the next review can be bolder.

## Try this this week

Pick the date of your next price review and put it in your calendar. Work out the increase each product or service needs to reach its target margin, check your contracts for notice periods, and draft the message to customers. List the customers you'll call personally.

*This is general information, not legal, financial or tax advice — check with your accountant or adviser.*`,
      worksheet: {
        kind: "template",
        title: "Your price-rise plan",
        intro: "A one-page plan for your next price review.",
        fields: [
          { id: "changes", label: "Which prices will change, by how much, and the new margin", multiline: true },
          { id: "dates", label: "Effective date and notice period", hint: "e.g. New quotes from 1 February; existing clients from 1 March (30 days' notice)" },
          { id: "contracts", label: "Contracts to check for price-change and notice terms", multiline: true },
          { id: "message", label: "Your message to customers", multiline: true },
          { id: "calls", label: "Customers you'll call personally, and by when", multiline: true },
          { id: "measure", label: "How you'll measure the result over three months", hint: "Customers lost, average sale, gross margin, quote win rate" },
        ],
      },
      check: [
        {
          prompt: "A product sells for $100 ex-GST with $70 direct costs. After a 5 % price rise, by how much does gross profit per sale increase?",
          options: ["5 %", "About 7 %", "About 16.7 %", "30 %"],
          answerIndex: 2,
          explanation: "Gross profit rises from $30 to $35, an increase of $5 ÷ $30 = 16.7 %.",
        },
        {
          prompt: "Which reason for a price rise could be misleading under the Australian Consumer Law?",
          options: [
            "Higher award wages that you actually pay",
            "A new tax that doesn't apply to your business",
            "Higher insurance premiums you actually pay",
            "Giving no reason at all",
          ],
          answerIndex: 1,
          explanation: "You needn't give a reason, but any reason you give must be true. Blaming a tax or law that doesn't apply is misleading.",
        },
        {
          prompt: "Since November 2023, what risk do one-sided price-change clauses in standard-form small business contracts carry?",
          options: [
            "None — any clause is enforceable",
            "They may be unfair contract terms, which can attract significant penalties",
            "They must be registered with the ATO",
            "They only apply to GST-free sales",
          ],
          answerIndex: 1,
          explanation:
            "Unfair contract terms in standard-form consumer and small business contracts are prohibited and can attract penalties; check your terms with a lawyer.",
        },
      ],
    },
  ],
  quiz: [
    {
      prompt: "Which costs should your price cover?",
      options: [
        "Direct costs only",
        "Direct costs and overheads only",
        "Direct costs, a share of overheads, a fair wage for you, and profit",
        "Whatever a competitor charges",
      ],
      answerIndex: 2,
      explanation: "A sustainable price covers direct costs, overheads and your own wage, with profit on top.",
    },
    {
      prompt: "An item costs $80 ex-GST. What ex-GST price gives a 20 % margin?",
      options: ["$96", "$100", "$104", "$120"],
      answerIndex: 1,
      explanation: "$80 ÷ (1 − 0.20) = $100. A 20 % markup ($96) gives only a 16.7 % margin.",
    },
    {
      prompt: "A 50 % markup is the same as which margin?",
      options: ["25 %", "33.3 %", "50 %", "66.7 %"],
      answerIndex: 1,
      explanation: "Margin = markup ÷ (1 + markup) = 0.5 ÷ 1.5 = 33.3 %.",
    },
    {
      prompt: "An ex-GST price is $45.45. What is the GST-inclusive price, to the cent?",
      options: ["$49.99", "$50.00", "$50.45", "$49.95"],
      answerIndex: 1,
      explanation: "GST is $45.45 × 10 % = $4.545, which rounds to $4.55 (half a cent rounds up); $45.45 + $4.55 = $50.00.",
    },
    {
      prompt: "How much GST is in a GST-inclusive price of $77.00?",
      options: ["$7.70", "$7.00", "$6.30", "$70.00"],
      answerIndex: 1,
      explanation: "The GST in a GST-inclusive price is one-eleventh: $77.00 ÷ 11 = $7.00.",
    },
    {
      prompt: "What is the main advantage of fixed-price packages over an hourly rate?",
      options: [
        "Customers know the price up front and you keep the benefit of working efficiently",
        "They avoid charging GST",
        "They guarantee you never lose a customer",
        "They are required by the Australian Consumer Law",
      ],
      answerIndex: 0,
      explanation: "A fixed price for a defined result gives certainty to the customer and lets you earn more as you get faster.",
    },
    {
      prompt: "With a 30 % gross margin, how much sales volume could you lose after a 5 % price rise and still make the same gross profit?",
      options: ["About 5 %", "About 14 %", "About 30 %", "None"],
      answerIndex: 1,
      explanation: "Gross profit per sale rises from $30 to $35, so $30 ÷ $35 = 85.7 % of the volume makes the same gross profit — a loss of up to about 14 %.",
    },
  ],
};
