// Seed blog posts. General information for Australian small-business owners, not financial advice.
// Tax and employment facts are written as at each post's updatedAt date; keep them current when editing.
import type { BlogPostSeed } from "./types";

const PRIYA = { name: "Priya Raman", role: "Finance and Growth Coach" };
const MEGAN = { name: "Megan O'Brien", role: "Senior Business Coach" };
const DANIEL = { name: "Daniel Nguyen", role: "Operations and Systems Coach" };

export const BLOG_POSTS: BlogPostSeed[] = [
  {
    slug: "13-week-cash-flow-forecast",
    title: "How to build a 13-week cash-flow forecast, with BAS and super dates built in",
    description: "A week-by-week cash-flow forecast shows a shortfall months before it hits. How to build one, with BAS, PAYG and super due dates included.",
    category: "Cash flow",
    author: PRIYA,
    publishedAt: "2026-03-10T22:00:00.000Z",
    updatedAt: "2026-03-24T23:15:00.000Z",
    image: "cash-flow",
    body: `Profit tells you whether the business is worth running. Cash tells you whether it gets through the next quarter. Plenty of profitable small businesses get caught short because the BAS, a quarterly super payment and a slow-paying customer all land in the same week.

A 13-week cash-flow forecast is the simplest fix we know. Thirteen weeks is one quarter: long enough to see the next BAS and super payment coming, short enough that your numbers rest on real invoices and bills. It takes about two hours to set up and 20 minutes a week to keep current.

## What a 13-week forecast is, and what it isn't

It is a week-by-week list of the cash you expect to receive and pay, starting from the actual balance in your bank account today. It is not a budget and it is not a profit and loss statement.

The difference matters. A $20,000 invoice you raise in March is revenue in March, but it only becomes cash when the customer pays. If your customers take 45 days on average, that money arrives in late April or May, and your forecast should show it there.

## Step 1: Start with the real bank balance

Use today's balance in your operating accounts, taken from the bank, not from your accounting software before reconciliation. If you keep a separate account for GST and tax, show it on its own line so you can see what is genuinely available to spend.

## Step 2: Forecast receipts when they will actually arrive

- **Invoices already raised.** Put each one in the week you expect to be paid, based on that customer's actual habits rather than your payment terms.
- **Work booked but not yet invoiced.** Add the invoice date, then the customer's usual delay.
- **New work.** Be conservative. Use what you won in the same quarter last year, less a margin for safety.
- **GST.** If you are registered for GST, forecast GST-inclusive amounts, because that is what lands in the bank.

## Step 3: List every payment in the week it leaves

### Regular payments

- Wages on each payday (the net amount your staff receive)
- Rent, loan and lease repayments, and insurance premiums
- Suppliers and subcontractors, on their actual terms
- Vehicles, fuel, software subscriptions and phones
- Owner drawings. Yes, include yourself.

### Tax and super payments

This is where most forecasts fall down. Put these dates in first:

- **Quarterly BAS.** For most quarterly lodgers, payment is due on the 28th day of the month after the quarter ends: 28 October, 28 April and 28 July. The exception is the October to December quarter, due 28 February. Lodging through a registered tax or BAS agent can give you later dates, so confirm them with your agent. Your BAS payment may include GST, PAYG withholding from wages and PAYG income tax instalments, so forecast each part separately.
- **Monthly lodgers.** If you lodge monthly, for example because you are a medium withholder, amounts are generally due on the 21st of the following month.
- **Super guarantee.** The rate is 12% of ordinary time earnings from 1 July 2025. Until 30 June 2026, you must pay at least quarterly, by 28 October, 28 January, 28 April and 28 July.
- **Payday super from 1 July 2026.** From 1 July 2026, employers must pay super at the same time as wages, and contributions generally need to reach each employee's fund within seven business days of payday. Check the ATO's guidance for the detail. The quarterly lump sum becomes a smaller outflow on every pay run.

### Watch July 2026

The switch to payday super creates a one-off squeeze. Super for April to June 2026 is still due under the quarterly rules by 28 July 2026, but wages paid from 1 July 2026 also attract super on payday. Add the June quarter BAS, due 28 July for many quarterly lodgers, and July 2026 could be the heaviest month of the year for payments to the ATO and super funds. Put it in your forecast now, while you still have time to set cash aside.

## Step 4: Set a minimum buffer

Decide the lowest balance you are comfortable with. Many owners use two to four weeks of fixed costs: wages, rent and loan repayments. Highlight any week that dips below it. A highlighted week eight weeks away is a problem you can solve. The same week discovered on the Monday is a crisis.

## A worked example

Ana runs a landscaping business in Brisbane with five staff. She builds her forecast on Monday 6 April 2026.

- Opening balance: $42,000
- A typical week: $24,000 in receipts and $21,500 in payments (wages, materials, fuel, rent, the equipment loan and Ana's drawings)
- Balance at the end of week 3: $49,500
- Week 4 (27 April to 3 May) also carries the January to March BAS, due 28 April: $14,600 GST, $9,800 PAYG withholding and $3,200 PAYG instalment, $27,600 in total
- The January to March super is due the same day: 12% of $78,000 ordinary time earnings, or $9,360
- Ana had also planned to buy an $8,000 trailer that week

Week 4 closes at $49,500 + $24,000 − $21,500 − $27,600 − $9,360 − $8,000 = **$7,040**. Her buffer is $20,000, so the week lights up three weeks ahead.

Her fixes: chase two overdue invoices totalling $11,400 now instead of waiting for them in week 6, and move the trailer purchase to week 7. Week 4 now closes at **$26,440**. Nothing about the business changed; she simply saw the problem early enough to act.

Looking further ahead, Ana can also see July coming: about $9,360 of June quarter super, roughly $1,440 of payday super on each fortnightly pay run, and the June quarter BAS. She starts moving $2,000 a week into her tax account.

## Step 5: Update it every week

- Every Monday, replace last week's forecast with what actually happened.
- Note any big difference and why.
- Add a new week at the end, so you always see 13 weeks ahead.

## Common mistakes

1. Forecasting from invoices raised instead of cash received
2. Treating GST collected as spending money
3. Leaving out owner drawings, so the forecast looks healthier than your life does
4. Forgetting annual bills: insurance, vehicle registrations, workers' compensation premiums and accountant fees
5. Being optimistic about new sales

## Where to from here

Our free 13-week cash-flow forecast template on the [resources page](/resources) has the weekly columns and the BAS, PAYG and super lines already set up. If you would like a coach to build the first one with you and work out what to do about the tight weeks, [book a free 20-minute discovery call](/booking). [ClarityAI](/services/clarityai) can also talk you through your numbers at any hour.

*This article is general information only, not financial or tax advice. Check current due dates with the ATO or your registered tax or BAS agent.*`,
  },

  {
    slug: "how-to-price-a-service-business",
    title: "How to price a service business: start with your real cost per billable hour",
    description:
      "Most service businesses set rates by habit or by copying competitors. Work out your true cost per billable hour and price for a profit instead.",
    category: "Strategy",
    author: PRIYA,
    publishedAt: "2026-04-07T22:30:00.000Z",
    updatedAt: "2026-04-09T01:10:00.000Z",
    image: "strategy",
    body: `Ask a room of tradies, bookkeepers or consultants how they set their hourly rate and you will hear the same answers: "about what everyone else charges", "what we charged last year plus a bit", or "the wage times two and a half". All three can quietly lose money.

Good pricing starts with one number most owners have never calculated: what an hour of billable work actually costs you. Once you know that, you can decide on a price with your eyes open.

## Why "wage times two and a half" fails

A team member paid $38 an hour does not cost you $38 an hour, and they do not bill 38 hours a week. The gap between paid hours and billable hours is where service businesses lose their margin. Leave, public holidays, travel, quoting, training, rework and the slow Tuesday all come out of it.

## Step 1: Work out the full cost of employing someone

Start with a year of base wages, then add the on-costs:

- Superannuation guarantee, currently 12% of ordinary time earnings
- Workers' compensation insurance (the rate depends on your state or territory and your industry)
- Payroll tax, if your total wages are over your state's threshold
- Leave loading, allowances and penalty rates if the relevant award requires them
- Vehicle, phone, tools and software for that person

## Step 2: Be honest about billable hours

A full-time employee is paid for 52 weeks at 38 hours, or 1,976 hours. From that, take out:

- Four weeks of annual leave (152 hours)
- Around ten public holidays (76 hours)
- Personal leave actually taken, say five days (38 hours)

That leaves about 1,710 hours at work. Then apply a realistic utilisation rate, the share of those hours you can actually charge for. For many trades and professional services businesses, 70–80% is good going. Owners who track it for the first time are often surprised to find it is closer to 60%.

## Step 3: Add a fair share of overheads

Overheads are everything that isn't directly billable staff: rent, office wages, insurance, software, marketing, accounting fees, vehicles not charged to jobs and the owner's own salary if they aren't billing. Divide the year's overheads by the total billable hours across your team.

## Step 4: Decide on the profit you want

Cost plus a margin is the floor, not the answer. To earn a 20% net margin on the price, divide your cost by 0.8. Note this is not the same as adding 20% to your cost, which only gives you about 16.7%.

## A worked example

A small Melbourne electrical business has four billable electricians, each paid $38 an hour.

- Base wages: $38 × 38 hours × 52 weeks = $75,088
- Super at 12%: $9,011
- Workers' compensation, assumed at 3%: $2,253
- **Total cost per electrician: about $86,350**
- Billable hours: 1,710 hours at work × 75% utilisation = about 1,283 hours
- **Direct cost per billable hour: about $67.30**
- Overheads of $180,000 a year spread across 5,130 billable hours: **about $35.10 an hour**
- **Full cost per billable hour: about $102.40**
- For a 20% net margin: $102.40 ÷ 0.8 = **$128**, rounded to $130 an hour plus GST, or $143 including GST

The owner had been charging $95 an hour plus GST, the "wage times two and a half" rule. At that rate every billable hour lost about $7 before a single job ran over. The business was busy, the team was flat out, and the bank balance never seemed to grow.

## Step 5: Check the price against the market, and against value

Your cost sets the floor. The market and the value you deliver set the ceiling.

- Look at what comparable businesses in your area charge, but compare like with like: response times, warranty, quality and reputation.
- Ask what the job is worth to the customer. An emergency call-out at 7 pm on a Friday is worth more than a routine service booked a month out.
- If your full cost is above what the market will pay, pricing is not your problem. Utilisation, overheads or the type of work you take on is.

## Hourly rates, fixed prices and packages

### Hourly rates

Simple and low-risk for you, but they reward slowness and cap your income at your hours. Best for work that is genuinely hard to scope.

### Fixed prices

Customers love certainty, and you keep the upside if you are efficient. Fixed prices only work if you track actual hours against the quote, so you learn which jobs you consistently underquote.

### Packages and retainers

A monthly fee for a defined service (maintenance contracts, bookkeeping, managed IT) smooths your cash flow and makes the business more valuable if you ever sell it. Be specific about what is included, and what costs extra.

## A note on GST and displaying prices

If you sell to consumers, Australian Consumer Law generally requires you to show the total price, including GST. Quoting "$130 + GST" to a homeowner can cause confusion and complaints. For business customers, ex-GST pricing is common, but say so clearly on every quote.

## Raising your prices without losing good customers

- Give notice: 30 days for regular customers is courteous.
- Explain briefly, without apologising: costs have risen and you want to keep the standard of service.
- Apply new rates to new quotes first, then to existing contracts at renewal.
- Expect to lose a few price-sensitive customers. At a higher margin, you usually need fewer jobs to earn the same profit.

## Next step

If you would like a second pair of eyes on your numbers, a coach can work through your real cost per hour with you in a single session. [Book a free 20-minute discovery call](/booking) to get started. Or ask [ClarityAI](/services/clarityai) to walk you through the calculation with your own figures, any time of day.

*General information only, not financial advice. Check award rates and on-costs for your own business with your accountant.*`,
  },

  {
    slug: "getting-out-of-the-day-to-day",
    title: "Getting out of the day-to-day: a practical delegation plan for business owners",
    description: "If every question lands on your desk, you've become the bottleneck. A step-by-step plan to hand over work without it boomeranging back.",
    category: "Operations",
    author: MEGAN,
    publishedAt: "2026-04-28T23:00:00.000Z",
    updatedAt: "2026-05-05T00:20:00.000Z",
    image: "operations",
    body: `Most owners we coach did not set out to become the bottleneck. It happened gradually: you were the best person for the job when the business was small, so you did it. Then the business grew and you kept doing it, along with everything else. Now every quote, supplier problem and "quick question" comes to you, and the business can only move as fast as you can answer your phone.

Getting out of the day-to-day is not about working less for the sake of it. It is about freeing your time for the work only you can do: winning the right customers, developing your people and deciding where the business goes next.

## Step 1: Find out where your week really goes

Before you delegate anything, track your time for two ordinary weeks. Every 30 minutes, jot down what you did. It feels tedious, and it is always revealing.

At the end, group the tasks and total the hours. Most owners find at least 10 to 15 hours a week going on work that someone else could do, often better, because they would have time to do it properly.

## Step 2: Sort every task into four groups

1. **Only I can do this.** Key customer relationships, big decisions, setting direction.
2. **I should do this for now.** Things that need your judgement until someone is trained, like pricing larger jobs.
3. **Someone else could do this with training.** Invoicing, ordering materials, scheduling, answering routine enquiries.
4. **Nobody should be doing this.** Reports nobody reads, double entry, meetings without a purpose.

Start with group 4: stop it. Then work through group 3, highest hours first.

## Step 3: Decide how much authority to hand over

Delegation fails when the person doesn't know how far they are allowed to go. Be explicit about the level for each task:

- **Level 1:** Do exactly what I've shown you.
- **Level 2:** Look into it and bring me options.
- **Level 3:** Recommend what to do, then do it once I agree.
- **Level 4:** Decide and act, then tell me what you did.
- **Level 5:** Decide and act. No need to report back.

Add dollar limits where money is involved: "You can approve supplier orders up to $2,000 and credit customers up to $250 without checking with me." Clear limits end most of the interruptions on their own.

## Step 4: Write it down as you hand it over

You don't need a procedures manual. For each task, capture:

- What "done well" looks like
- The steps, in order, in plain English
- Where the logins, templates and files live
- The common problems and what to do about them

The fastest way is to record your screen while you do the task once, talking as you go, then have the new owner of the task turn the recording into a one-page checklist. They will understand it better for having written it.

## Step 5: Hand over in stages

Over four to six weeks:

1. You do it while they watch.
2. They do it while you watch.
3. They do it and you check the result.
4. They own it, and you review it weekly, then monthly.

Expect the results to be slightly worse for the first few weeks. That is the price of freeing up your time, and it is almost always temporary.

## Step 6: Don't take it back

The biggest risk is reverse delegation: a team member brings you a problem and you solve it, because it is faster. Do this a few times and the task is yours again.

### What to say instead

Ask: "What do you think we should do?" If the answer is reasonable, say "Go ahead." If it is not quite right, coach them towards a better answer rather than giving it to them. It is slower this week and much faster every week after.

## A worked example

Tom owns a cabinet-making business in Newcastle, NSW, with seven staff. His time log showed a 62-hour week, with 21 of those hours on ordering materials, chasing suppliers, scheduling installs, invoicing and answering routine calls. Meanwhile, quotes were taking eight days to go out, and he was losing jobs to faster competitors.

- He hired a part-time operations coordinator for 25 hours a week, at about $36 an hour including super, or roughly $900 a week ($3,900 a month).
- Over six weeks he handed over ordering (level 4, up to $3,000 per order), install scheduling (level 4) and invoicing (level 3 at first, then level 5).
- He freed up 16 hours a week. Six went into quoting, four into visiting builders and designers, and six went back to his family.
- Quote turnaround dropped from eight days to two. Over the next quarter, he won roughly two more kitchen jobs a month, each worth about $6,000 in gross profit.

That is around $12,000 a month in extra gross profit against $3,900 a month in wages, and Tom now finishes most days by 5.30 pm.

## Signs it's working

- Your phone is quieter between 9 am and 3 pm.
- Your team brings you solutions, not just problems.
- You can take a week off and the business runs without you, perhaps with a daily five-minute check-in.
- You spend more time on the work in group 1.

## Getting help

A coach helps you keep going when the handover gets uncomfortable, which it will. Our [operational improvement coaching](/services/operational-improvement) includes mapping how work flows and writing the checklists with your team. To talk it through, [book a free 20-minute discovery call](/booking). Between sessions, [ClarityAI](/services/clarityai) can help you draft a checklist or plan a tricky handover conversation at any hour.`,
  },

  {
    slug: "eofy-checklist-small-business",
    title: "EOFY checklist for Australian small business: before and after 30 June",
    description: "What to do before 30 June and in the weeks after it: bad debts, stocktake, super, STP finalisation, BAS and a proper look back at the year.",
    category: "Cash flow",
    author: PRIYA,
    publishedAt: "2026-05-19T22:45:00.000Z",
    updatedAt: "2026-06-02T03:30:00.000Z",
    image: "cash-flow",
    body: `The end of the financial year is not just a job for your accountant. Some decisions can only be made before 30 June, and a few deadlines arrive quickly after it. This year has an extra twist: payday super starts on 1 July 2026, so your payroll needs attention too.

Use this checklist from mid-May. Book time with your accountant or tax agent early, because June diaries fill fast.

## In May: get organised

- **Reconcile your bank accounts** and clear out the suspense account, so the numbers you are planning from are real.
- **Book a tax planning meeting** with your accountant for late May or early June. Bring a year-to-date profit and loss and a forecast for June.
- **Check your cash position.** EOFY tax planning usually involves spending money. Make sure a deduction won't leave you short in July, when BAS and super payments fall due.

## Before 30 June

### Debtors and bad debts

- Chase overdue invoices hard in June. Cash in the bank is better than a debt on the books.
- Review debts you genuinely don't expect to collect. To claim a deduction for a bad debt this year, it generally needs to be written off before 30 June, with the decision recorded in writing. If you account for GST on an accruals basis, ask your accountant about a bad debt adjustment on your BAS as well.

### Stock

- Do a stocktake as close to 30 June as you can, and record it.
- Identify damaged, obsolete or slow-moving stock. Your accountant can explain the valuation options (cost, market selling value or replacement value) and whether writing stock down makes sense.

### Assets and purchases

- List assets bought during the year, with dates and amounts.
- Ask your accountant whether the instant asset write-off applies to you this year and what the current threshold is. It has changed many times, so don't rely on last year's figure.
- Scrap or write off assets that are no longer used.

### Super

- Employer super contributions are generally only deductible in the year the fund receives them. If you want the deduction this financial year, pay the June quarter amount well before 30 June, because clearing houses and funds can take several business days to process payments.
- Otherwise, the April to June quarter super guarantee is due by 28 July 2026.

### Other items to raise with your accountant

- Prepaid expenses, such as insurance or subscriptions, where a deduction this year may be possible
- Trust distribution resolutions, which generally need to be made by 30 June
- Minimum yearly repayments on any Division 7A loans from your company
- Whether PAYG instalments for next year still reflect what the business expects to earn

## Get payroll ready for 1 July 2026

From 1 July 2026, super must be paid at the same time as wages under payday super, rather than quarterly. Before the first pay run in July:

- Confirm your payroll software supports payday super and that it is switched on.
- Check every employee's fund details are complete and correct, since payments with missing details get rejected.
- Update your cash-flow forecast. July 2026 carries the June quarter super, super on every July payday and, for many quarterly lodgers, the June quarter BAS.
- Apply any increases from the Fair Work Commission's annual wage review, which usually take effect from the first full pay period starting on or after 1 July. Check the pay guides for the awards your staff are covered by.

## After 30 June: the deadlines

- **By 14 July:** finalise your Single Touch Payroll data for the year, so employees' income statements are ready.
- **By 28 July:** lodge and pay the April to June quarter BAS if you lodge it yourself. Lodging through a registered agent may give you a later date.
- **By 28 July:** pay the April to June quarter super guarantee, if you didn't pay it before 30 June.
- **By 28 August:** lodge a taxable payments annual report (TPAR) if your business pays contractors in an industry that needs one, such as building and construction, cleaning, courier, road freight, IT or security.

If a due date falls on a weekend or public holiday, you can generally lodge and pay on the next business day.

## Don't spend a dollar to save 25 cents

Every June, owners buy things they don't need to "get the deduction". Here is the maths for a company paying tax at 25%:

- Spending $10,000 on equipment reduces taxable profit by $10,000.
- That saves $2,500 in tax.
- The business is still $7,500 poorer than if it hadn't bought the equipment.

If you were going to buy it in August anyway, bringing it forward can make sense. If you weren't, keep the cash. The same applies to prepaying expenses: a deduction is worth little if it leaves you unable to pay the BAS in July.

## Use July to look back and plan ahead

Once the deadlines are under control, block out half a day for a proper review of the year:

1. Revenue, gross margin and net profit against last year
2. Your best and worst customers, services or products by margin, not just sales
3. Debtor days: how long customers actually took to pay
4. What took far more of your time than it was worth
5. Three or four priorities for the next 90 days

Our free EOFY checklist, on the [resources page](/resources), puts all of this on a single page you can tick off. If you would like help turning the year's numbers into a plan, [book a free 20-minute discovery call](/booking) with one of our coaches, or ask [ClarityAI](/services/clarityai) to help you prepare questions for your accountant.

*General information only, not financial or tax advice. Rules and thresholds change, so confirm everything with the ATO or your registered tax agent.*`,
  },

  {
    slug: "choosing-cloud-accounting-and-job-management-software",
    title: "Choosing cloud accounting and job management software without the expensive mistakes",
    description: "How to choose accounting, job management and payroll software that works together, with a simple way to work out whether it pays for itself.",
    category: "Technology",
    author: DANIEL,
    publishedAt: "2026-07-14T23:30:00.000Z",
    updatedAt: "2026-07-21T02:00:00.000Z",
    image: "technology",
    body: `We rarely meet a small business with too little software. More often we meet one with six subscriptions, customer details in three places and a spreadsheet that "ties it all together" that only one person understands. The problem is rarely the tools themselves. It is that they were chosen one at a time, to fix one problem at a time.

Here is the process we use with clients to choose software that works as a system.

## Start with your processes, not the software

Before you book a single demo, write down how work flows through your business, from first enquiry to money in the bank. For most businesses it is something like:

1. Enquiry comes in
2. Quote or proposal
3. Job booked and scheduled
4. Work done, with time and materials recorded
5. Invoice sent
6. Payment received and reconciled

Mark every step where information is typed in twice, written on paper or kept in someone's head. Those are the problems the software needs to solve. A five-minute demo of shiny features won't tell you whether it solves yours.

## Decide where the truth lives

For each type of information, decide which system owns it:

- **Customers and contacts:** usually your CRM or job management system
- **Jobs, quotes and schedules:** your job management or practice management system
- **Invoices, payments and GST:** your accounting software
- **Employees and pay:** your payroll software, often part of the accounting package

Every other tool reads from the owner of that information rather than keeping its own copy. This one decision prevents most of the mess.

## Accounting software

For most Australian small businesses the shortlist is Xero, MYOB Business or QuickBooks Online. All three handle GST, BAS preparation and Single Touch Payroll. Choosing between them usually comes down to:

- **What your accountant or bookkeeper uses.** This matters more than most feature comparisons, because they will be in your file every quarter.
- **The integrations you need.** Check that your job management, point-of-sale or e-commerce tools connect properly, not just that a connection exists.
- **Payroll.** If you employ staff, check the payroll handles your awards, leave and payday super, which has applied since 1 July 2026.

## Job and practice management software

This is where industry matters most. Some examples our clients use:

- **Trades and field service:** ServiceM8, Tradify, Fergus, simPRO or AroFlo, depending on size and complexity
- **Allied health:** Cliniko or Nookal for bookings, clinical notes and invoicing
- **Hospitality:** rostering tools such as Deputy alongside your point-of-sale system
- **Professional services:** a CRM plus time tracking and billing that suits how you charge

Features and prices change often, so treat any list as a starting point for your own shortlist rather than a recommendation.

## Questions to ask before you sign up

- Does it integrate with our accounting software in both directions, and which fields sync?
- Does the mobile app work offline, for staff on site with poor reception?
- Can we export all our data in a usable format if we leave?
- Where is our data stored, and how is it protected?
- Is support available during Australian business hours?
- What is the real cost once every user and add-on is included?

## Trial it with real work

Ask for a trial and run two or three real jobs through it from quote to invoice, with the people who will use it every day. A tool the office manager loves but the team on the tools hates will be quietly abandoned within three months.

## Plan the switch

- **Time it well.** Change accounting systems at the start of a BAS quarter, ideally the start of a financial year, so your reporting isn't split across two systems.
- **Clean your data first.** Archive old customers and fix duplicates before migrating, not after.
- **Run both systems briefly** for a week or two if the process is critical, then switch off the old one.
- **Train properly.** Budget a couple of hours per person and write a one-page guide for the common tasks.

## A worked example: does it pay for itself?

A Wollongong plumbing business with six staff and $1.2 million in annual revenue was quoting in Word, scheduling on a whiteboard and invoicing in batches at the end of each week. The owner was worried about the cost of moving to job management software. We ran the numbers together, using illustrative prices.

### New monthly costs

- Accounting software with payroll: about $120
- Job management for six users: about $230
- **Total: about $350 a month, or $4,200 a year**

### Savings

- The office manager stopped re-keying job details into invoices, saving about eight hours a week. At $40 an hour, that is about $320 a week, or $16,640 a year.
- Invoices now go out from the job card on the day the work is finished. Debtor days fell from 38 to 24.
- On $1.2 million of annual revenue, each day of debtors is worth about $3,290. Fourteen fewer days released about **$46,000** of cash, once.

The software paid for itself within weeks. The owner's verdict: the biggest win wasn't the time saved, it was finally knowing which jobs made money.

## Where to get help

If you are not sure where to start, our [digital systems coaching](/services/digital-systems) helps you choose, connect and tidy up your tools, independent of any vendor. [Book a free 20-minute discovery call](/booking) to talk through your current set-up. You can also ask [ClarityAI](/services/clarityai) to help you draft your process map and a list of questions for software demos.`,
  },

  {
    slug: "hiring-your-first-employee-australia",
    title: "Hiring your first employee in Australia: awards, the NES and what to do on day one",
    description:
      "A plain-English checklist for your first hire under the Fair Work system: awards, the NES, information statements, super, STP and the real cost.",
    category: "People",
    author: MEGAN,
    publishedAt: "2026-08-11T22:15:00.000Z",
    updatedAt: "2026-08-25T04:40:00.000Z",
    image: "people",
    body: `Your first hire is one of the biggest steps you'll take in business. Done well, it is the moment you stop being the business and start building one. Done badly, it can cost you money, time and sleep.

Most private-sector businesses in Australia are covered by the national workplace relations system, run under the Fair Work Act. This guide walks through the main steps. It is general information only: the Fair Work Ombudsman and the ATO publish free, detailed guidance, and an employment lawyer or HR adviser can help with anything unusual.

## Step 1: Employee or contractor?

This is not simply a choice about paperwork. Whether someone is an employee or a contractor depends on the real relationship: who controls how the work is done, whether they can send someone else, who supplies the tools and whether they are running their own business. Calling someone a contractor when they are really an employee (sham contracting) can lead to back-payments and penalties. The ATO has an employee or contractor decision tool for tax and super purposes.

## Step 2: Full-time, part-time or casual?

- **Full-time:** usually 38 ordinary hours a week, with paid leave
- **Part-time:** regular, predictable hours, fewer than full-time, with paid leave on a pro-rata basis
- **Casual:** no firm advance commitment to ongoing work, with a casual loading (often 25% under awards) instead of paid leave

Casual employment has its own rules, including a pathway for eligible casuals to become permanent. If the work will be regular and ongoing, think carefully before offering it as casual.

## Step 3: Find the right award

Modern awards set minimum pay rates and conditions for most jobs: classifications, penalty rates, overtime, allowances, breaks and rostering rules. Use the Fair Work Ombudsman's "Find my award" tool and its pay calculator, or its pay guides.

Getting the classification right is as important as finding the award. An administration assistant and an office manager may be covered by the same award at very different rates.

## Step 4: Know the National Employment Standards

The National Employment Standards (NES) are minimum entitlements that apply to all employees in the national system, whatever the award or contract says. They cover matters including:

- Maximum weekly hours
- Requests for flexible working arrangements
- Parental leave
- Annual leave: four weeks a year for full-time employees, pro rata for part-time
- Personal/carer's leave, compassionate leave and family and domestic violence leave
- Community service leave and long service leave
- Public holidays
- Notice of termination and redundancy pay

A contract or agreement can give more than the NES and the award, never less.

## Step 5: Before the first day

### Paperwork for your new employee

- **Put the offer in writing.** A letter of offer or employment contract with the role, award and classification, pay, hours and start date.
- **Give the Fair Work Information Statement** before or as soon as possible after they start. Casuals also need the Casual Employment Information Statement, and fixed-term employees the Fixed Term Contract Information Statement.
- **Collect a tax file number declaration** and a superannuation standard choice form. If the employee doesn't choose a fund, you may need to request their "stapled" super fund details from the ATO before using a default fund.

### Registrations, payroll and insurance

- **Register for PAYG withholding** with the ATO if you haven't already.
- **Set up payroll with Single Touch Payroll.** Pay and tax details are reported to the ATO each time you pay.
- **Take out workers' compensation insurance.** It is compulsory for employers and is run by your state or territory scheme.
- **Check payroll tax.** Each state and territory has its own threshold. A single hire is unlikely to reach it, but check as you grow.

## Step 6: Paying correctly every time

- Pay at least the award rate for every hour, including penalty rates and overtime where they apply.
- Pay super guarantee at 12% of ordinary time earnings. Since 1 July 2026, under payday super, super must be paid at the same time as wages, rather than quarterly. Check the ATO's guidance on how quickly it must reach the fund.
- Give a pay slip within one working day of payday.
- Keep employee records for seven years.

## A worked example: what does a first hire really cost?

Say you hire a full-time administration officer at an illustrative base rate of $30 an hour. Check the actual award rate for your role before budgeting.

- Base wages: $30 × 38 hours × 52 weeks = $59,280
- Super guarantee at 12%: $7,114
- Workers' compensation, assumed at 1.5% for office work: $889
- Annual leave loading at 17.5% on four weeks' leave, if the award provides it: $798
- Computer, phone, software licences and a desk: about $2,500
- **Total first-year cost: about $70,580, or around $1,360 a week**

Rule of thumb: budget roughly 1.2 times the base wage. And remember that of the 1,976 paid hours, about 1,710 are spent at work once leave and public holidays are taken out.

## The part nobody tells you: onboarding

Paperwork done correctly is the minimum. What makes a first hire work is the first month:

- A written plan for week one: who they'll shadow, what they'll learn, what they'll own
- One-page checklists for the tasks you're handing over
- A 15-minute check-in every day for the first two weeks, then weekly
- A clear conversation at around three months about how it's going on both sides

For small businesses with fewer than 15 employees, an employee generally needs 12 months of service before they can make an unfair dismissal claim, and the Small Business Fair Dismissal Code applies. That is no substitute for good management: clear expectations and regular feedback prevent most problems.

## Next step

If you're weighing up whether you can afford your first hire, or what that person should actually do, [book a free 20-minute discovery call](/booking). [ClarityAI](/services/clarityai) can also help you draft a position description and an onboarding plan at any hour, ready to check against the award.

*General information only, not legal, financial or tax advice. Check current rates and obligations with the Fair Work Ombudsman and the ATO.*`,
  },

  {
    slug: "how-to-write-a-90-day-plan",
    title: "Your 90-day plan: a simple method to make the next quarter count",
    description: "Annual plans drift. A 90-day plan with three priorities, clear owners and a weekly check-in gets done. Here's the method our coaches use.",
    category: "Strategy",
    author: MEGAN,
    publishedAt: "2026-09-08T23:05:00.000Z",
    updatedAt: "2026-09-10T00:50:00.000Z",
    image: "strategy",
    body: `Most annual plans are forgotten by March. Not because owners don't care, but because a year is too long to hold attention. Urgent work crowds out important work, and by the time you look at the plan again, it's out of date.

Ninety days is different. It is long enough to finish something meaningful and short enough that you can't put it off. It also lines up with the BAS quarter, so your numbers and your plan work to the same rhythm.

Here is the method our coaches use with clients. It takes about three hours to write the plan and 30 minutes a week to keep it alive.

## Step 1: Look back before you look forward

Spend an hour on the last 90 days, on your own or with your business partner or key staff.

### The numbers

- Revenue, gross margin and net profit against the same quarter last year
- Cash in the bank now compared with the start of the quarter
- Debtor days: how long customers are actually taking to pay
- One or two measures that matter most in your business, such as quote win rate, utilisation or average sale

### The story

- What went well, and why?
- What didn't happen that should have?
- What took far more time or money than it was worth?

## Step 2: Choose no more than three priorities

This is the hard part. List everything you'd like to improve, then choose the three that would make the biggest difference over the next 90 days. Everything else goes on a "not this quarter" list. It is not forgotten, just parked.

A good priority is:

- **Specific:** "Move 10 clients to monthly service agreements", not "grow recurring revenue"
- **Finishable in 90 days**, or at least a clear stage of it
- **Owned by one person.** Shared ownership means nobody owns it.
- **Measurable**, so you'll know on day 90 whether it's done

## Step 3: Break each priority into monthly milestones

For each priority, write what "done" looks like at the end of month one, month two and month three. Then list the first three actions for week one. Momentum in the first fortnight matters more than a perfect plan.

## Step 4: Build a one-page scorecard

Choose five to eight numbers you'll check every week. Include:

- Cash in the bank
- Sales or revenue for the week
- A leading indicator of future work, such as enquiries, quotes sent or bookings
- One measure for each priority

Keep it on one page. If it takes more than five minutes to update, it won't get updated.

## Step 5: Hold a 30-minute weekly check-in

Same day, same time, every week. The agenda never changes:

1. Scorecard: any number off track? (5 minutes)
2. Priorities: on track or off track? (10 minutes)
3. The biggest obstacle this week, and who will clear it (10 minutes)
4. Actions for next week, with names and dates (5 minutes)

Off-track items get solved, not just reported. If you're a solo operator, hold the check-in with yourself, or with your coach.

## Step 6: Reset at the end of the quarter

On day 90, score each priority as done, partly done or not done, and be honest about why. Then start again at step 1. After two or three quarters, most owners find this rhythm becomes the way they run the business.

## A worked example

Mark owns an IT support business in Canberra with eight staff and about $1.4 million in annual revenue. In early September he wrote his plan for October to December.

**What the review showed:** revenue was up 9% on last year, but most of it came from one-off projects, cash was tight every second month, and debtor days had crept up to 47. The two senior technicians were at full capacity.

**His three priorities:**

1. **Recurring revenue.** Move 10 existing clients from ad hoc support to managed service agreements averaging $1,200 a month, adding $12,000 a month in recurring revenue by 31 December. Owner: Mark.
2. **Faster payment.** Cut debtor days from 47 to 30 by invoicing on the day, moving agreement clients to direct debit and sending automatic reminders. Owner: the office manager.
3. **Capacity.** Hire and onboard a second senior technician by 30 November, so the business can take on the new agreements. Owner: Mark, with a recruiter.

**Monthly milestones for priority 1:** October, a standard agreement and price list finished and 15 clients shortlisted; November, 15 conversations held and 6 agreements signed; December, 10 signed and billing from January.

**His scorecard:** cash at bank, weekly invoiced revenue, debtor days, agreements signed, support tickets closed within one day, and recruitment stage.

**Planning for the season:** the October to December quarter includes the Christmas shutdown, when many clients are slow to pay. Mark added the BAS due on 28 February to his cash-flow forecast and scheduled his agreement conversations for October and November, before clients wind down.

By 31 December he had signed nine agreements, debtor days were down to 33 and the new technician had started. Not perfect, but far more than the previous quarter, when the plan had been "grow recurring revenue".

## Templates and help

Download our free 90-day action plan template from the [resources page](/resources). If you'd like a coach to facilitate your planning session and keep you accountable each week, [book a free 20-minute discovery call](/booking). Our [strategic planning coaching](/services/strategic-planning) is built around exactly this rhythm, and [ClarityAI](/services/clarityai) can pressure-test your priorities at any time of day.`,
  },

  {
    slug: "using-an-ai-business-coach-well",
    title: "How to get real value from an AI business coach, and where its limits are",
    description: "An AI coach is only as useful as the questions you ask it. What to ask, what never to share, and when to check with a human expert instead.",
    category: "AI in business",
    author: DANIEL,
    publishedAt: "2026-10-06T22:20:00.000Z",
    updatedAt: "2026-10-20T05:25:00.000Z",
    image: "ai-coach",
    body: `An AI business coach can be a remarkably useful thinking partner. It is available at 10 pm on a Sunday when you can't stop thinking about a staffing problem. It doesn't get tired of "what if" questions, and it can turn a messy idea into a structured plan in seconds.

It can also give you a confident, generic answer that's wrong for your business. The difference is almost entirely in how you use it. Here's what our coaches have learned from helping clients get the most out of ClarityAI, our AI business coach.

## Give it the context a human coach would ask for

A vague question gets a vague answer. "How do I grow my business?" will get you a list of the same ten ideas you've read everywhere.

Before you ask, tell it:

- **Your business:** industry, location, number of staff, roughly how long you've been operating
- **Your numbers:** annual revenue, gross margin, your biggest costs, cash position, in round figures
- **Your situation:** what's changed, what you've already tried
- **Your constraints:** budget, time, what you're not willing to do
- **What you want back:** options, a plan, a checklist, a draft, or a second opinion

A simple structure works well: *situation, goal, constraints, and what I want from you.*

## Questions that work well

- "Here's my situation. What are three options, and what are the trade-offs of each?"
- "Here's my plan. What am I missing? Argue against it."
- "Walk me through the calculation step by step, so I can check it."
- "What questions should I ask my accountant about this before I decide?"
- "Draft a one-page checklist for handing over supplier ordering to my office manager."
- "Role-play a client who is unhappy about my price increase, so I can practise the conversation."

The last two are underrated. Preparation and practice are where an AI coach saves the most time.

## Ask it to challenge you

AI tools tend to be agreeable. If you ask "Is this a good idea?", you'll often get reasons why it is. Ask instead: "What are the three most likely reasons this would fail?" or "If you were my bank manager, what would worry you about this plan?" You'll get far more useful answers.

## What never to share

Treat an AI coach like any cloud service and share only what it needs. Don't enter:

- Tax file numbers, bank account details or passwords
- Customers' or employees' names alongside personal details
- Health information about anyone. If you run a health practice, this matters doubly.
- Confidential information that others have given you under a confidentiality agreement

You rarely need these to get a good answer. Say "a long-standing employee on a part-time contract" or "our biggest customer, about 30% of revenue", not their name.

In ClarityAI, conversations are deleted automatically after three months, and you can clear a conversation at any time. Your own privacy obligations to your customers and staff still apply, so check them if you're unsure.

## Know its limits

- **It provides general information, not financial, legal or tax advice.** It doesn't know your full circumstances, and it isn't a registered tax agent, financial adviser or lawyer.
- **It can be wrong,** especially about current rates, thresholds and due dates, which change often. Always check tax and super matters with the ATO or your accountant, and employment matters with the Fair Work Ombudsman.
- **It only knows what you tell it.** If the numbers you give it are wrong, so is the answer.
- **It can't be accountable for you.** It won't notice when you've quietly dropped a priority. That's what a human coach is for.

### When to bring in a human

For complex or high-stakes questions, ClarityAI Pro members can escalate to a human expert, who follows up by email. For anything that needs formal advice, such as tax structures, contracts or a dispute with an employee, talk to your accountant, lawyer or adviser.

## A worked example: testing a price increase

Sarah runs a cleaning business on the Sunshine Coast with 120 regular commercial clients paying an average of $220 a month. She's thinking about a price rise to $245 a month, but is worried about losing clients. She gives ClarityAI her numbers and asks it to walk through the break-even.

- Current monthly revenue: 120 × $220 = $26,400
- At the new price, clients needed to match that: $26,400 ÷ $245 = 107.8, so 108 clients
- **She could lose 12 clients, 10% of her base, and still take in about the same revenue.**
- If she loses only five clients: 115 × $245 = $28,175, about $1,775 a month more
- With fewer clients, her wage and travel costs also fall, so her profit improves even if revenue stays flat.

Then she asks it to argue the other side. It points out that her three largest clients make up a quarter of her revenue, and that losing even one of them changes the maths. Her decision: raise prices for most clients with 30 days' notice, and talk to her three largest clients in person first.

The AI didn't make the decision. It made the decision faster and better informed, and the conversation with her accountant shorter.

## Getting started

[ClarityAI](/services/clarityai) is available 24/7, understands Australian business basics like BAS, GST, super and awards, and is built on our coaches' playbooks. If you'd rather start with a person, [book a free 20-minute discovery call](/booking). Many clients use both: a human coach for accountability and the big decisions, and ClarityAI for the questions in between.

*ClarityAI provides general information only, not financial, legal or tax advice.*`,
  },
];
