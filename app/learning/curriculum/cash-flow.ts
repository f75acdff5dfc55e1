import type { CurriculumModule } from "./types";

// Cash flow and a 13-week forecast: five lessons, from "profit is not cash" to acting on a tight week.
export const cashFlow: CurriculumModule = {
  id: "cash-flow",
  title: "Cash flow and a 13-week forecast",
  summary: "See the gap between profit and cash, get paid sooner, set money aside for the ATO and build a rolling 13-week forecast that warns you weeks ahead.",
  overviewMd: `Plenty of profitable Australian businesses still struggle to pay the bills on time. The reason is nearly always timing: customers pay later than you pay your staff, suppliers and the ATO.

This module gives you a simple, weekly way to stay ahead of that. You will work out why your bank balance and your profit tell different stories, shorten the time it takes to get paid, set aside GST, PAYG and super so your BAS never catches you out, and build a **13-week cash-flow forecast** from your own figures — one that shows your lowest-balance week before it arrives.

Each lesson takes 10–20 minutes and ends with a worksheet you fill in for your own business. The forecast worksheet exports to Excel and CSV, so you can share it with your bookkeeper, accountant or coach.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
  outcomes: [
    "Explain why profit and cash differ, using your own profit and loss and bank statement",
    "Cut the number of days it takes your customers to pay you",
    "Set aside GST, PAYG withholding, super and income tax so every BAS is already paid for",
    "Build and update a rolling 13-week cash-flow forecast and find your lowest-balance week",
    "Act early on a tight week: debtors, suppliers, spending, finance and ATO payment plans",
  ],
  topic: "cash-flow",
  level: "beginner",
  access: "free",
  lessons: [
    {
      id: "cash-flow-profit-is-not-cash",
      title: "Profit is not cash",
      summary: "Why a profitable month can still leave your bank account lower, and the six timing gaps behind it.",
      estimatedMinutes: 12,
      bodyMd: `## Why profitable businesses still run short

Your profit and loss report answers one question: did the work you did over a period make money? Your bank balance answers another: can you pay wages on Thursday? They are different questions, and the gap between them is where many otherwise healthy small businesses get into trouble.

Profit is counted when you earn income and incur expenses. Cash moves when money actually lands in, or leaves, your account. Those two moments can be weeks or months apart.

## Where the gap comes from

Most cash gaps come from a handful of timing differences:

- **Customers who pay later.** An invoice on 14-day terms that is paid on day 45 is profit in March and cash in April or May.
- **Stock and materials bought up front.** You pay for materials now and recover the cost only when the job is invoiced and paid.
- **Money that isn't yours.** GST you have collected, PAYG withholding from your employees' wages and the super you owe sit in your account for a while before they go to the ATO or super funds. Spending them is borrowing from your next BAS.
- **Lumpy costs.** Insurance premiums, vehicle registrations, annual software subscriptions, equipment and the tax bill after EOFY arrive in lumps, while income often trickles in.
- **Loan repayments and owner drawings.** The principal part of a loan repayment and what you take out for yourself reduce cash, but neither appears as an expense in your profit.
- **Growth.** More work usually means paying wages and suppliers before the extra customers pay you. Fast growth can drain cash faster than a quiet month.

## A worked example

Mia runs a plumbing business in Geelong with two vans and three staff. Her profit and loss for March shows:

| March | Amount |
|---|---|
| Sales invoiced (ex-GST) | $64,000 |
| Wages, super, materials and overheads | $55,500 |
| **Net profit** | **$8,500** |

Yet her bank balance fell by $6,200 over the month. Here is the bridge from profit to cash:

| From profit to cash | Amount |
|---|---|
| Net profit | $8,500 |
| March invoices still unpaid ($17,000) less February invoices collected ($9,000) | −$8,000 |
| Hot-water units paid for now, for April jobs | −$3,400 |
| Loan principal repaid | −$2,600 |
| Owner drawings | −$4,000 |
| GST collected but not yet paid to the ATO | +$3,300 |
| **Change in bank balance** | **−$6,200** |

Notice the last line. Mia's account holds $3,300 of GST that she will owe on her next BAS, so her real position is worse than the bank shows: a fall of $9,500. If she treats that GST as spending money, the BAS will arrive at the worst possible moment.

Nothing Mia did was wrong. The business is profitable. But profit is the report card and cash is the oxygen, and she needs to manage both.

## Three habits that close the gap

1. **Look at cash weekly and profit monthly.** A five-minute check of what came in, what went out and what is due next week catches problems while you still have choices.
2. **Treat GST, PAYG withholding and super as someone else's money.** Move them to a separate account as they build up. Lesson 4 shows how.
3. **Forecast.** A 13-week forecast, updated each week, turns surprises into items on a list. Lesson 3 walks you through one.

## Signs the gap is hurting you

- You check the bank balance before deciding whether to pay a supplier.
- The BAS or the quarterly super payment regularly feels like a shock.
- You are busier than ever but always short.
- You've used a credit card or overdraft to cover wages more than once this year.

If two or more of these sound familiar, the rest of this module is worth your time. None of them means the business is failing; they mean cash needs its own routine.

## Try this this week

Take last month's profit and loss and your bank statements for the same month. Write down the net profit and the change in your bank balance. Then list the reasons for the difference under the six headings above — unpaid invoices, stock, money that isn't yours, lumpy costs, loans and drawings, growth. Put a dollar figure against each. The biggest item is where to start, and the worksheet below helps you record it.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your profit-to-cash bridge",
        intro: "Use last month's profit and loss and bank statements. Round to the nearest hundred dollars — this is about the big picture.",
        fields: [
          { id: "net-profit", label: "Last month's net profit", hint: "From your profit and loss report, e.g. $8,500" },
          {
            id: "bank-change",
            label: "Change in your bank balance over the same month",
            hint: "Closing balance less opening balance, across all business accounts",
          },
          {
            id: "gap-reasons",
            label: "The reasons for the difference, with a dollar figure for each",
            hint: "Unpaid invoices, stock bought ahead, GST/PAYG/super held, lumpy costs, loan principal, drawings, growth",
            multiline: true,
          },
          {
            id: "not-yours",
            label: "GST, PAYG withholding and super you are holding right now",
            hint: "Your best estimate of what you will owe on the next BAS and super payment",
          },
          { id: "first-fix", label: "The one timing gap you will work on first, and your first step", multiline: true },
        ],
      },
      check: [
        {
          prompt: "Which of these does NOT create a difference between your profit and your bank balance?",
          options: [
            "A customer paying a March invoice in May",
            "Buying materials in March for jobs in April",
            "Owner drawings",
            "A sale invoiced and paid in the same week",
          ],
          answerIndex: 3,
          explanation:
            "When a sale is invoiced and paid in the same week, the profit and the cash arrive together. The other three are timing gaps: late payment, stock bought ahead and money taken out that isn't an expense.",
        },
        {
          prompt: "Mia's bank account holds $3,300 of GST she collected in March. How should she think about it?",
          options: [
            "As a cash buffer she can use until the end of the financial year",
            "As money owed to the ATO on her next BAS, not available to spend",
            "As extra profit, because customers paid it to her",
            "As an amount she can ignore because it is under $75,000",
          ],
          answerIndex: 1,
          explanation:
            "GST is collected on the ATO's behalf. It sits in your account only until the BAS is due, so counting it as spending money simply moves the problem to BAS time.",
        },
        {
          prompt: "How often is it worth looking at your cash position?",
          options: ["Once a year, at EOFY", "Every quarter, when the BAS is due", "Weekly, with profit reviewed monthly", "Only when the account is overdrawn"],
          answerIndex: 2,
          explanation: "A short weekly cash check catches problems while there is still time to act; profit moves more slowly and is best reviewed monthly.",
        },
      ],
    },
    {
      id: "cash-flow-get-paid-faster",
      title: "Get paid faster",
      summary: "Measure your debtor days, then shorten them with clear terms, deposits, easy payment and a firm, friendly reminder routine.",
      estimatedMinutes: 14,
      bodyMd: `## Every day a customer takes to pay is a day you fund their business

Money owed to you by customers — your debtors, or accounts receivable — is cash you have earned but cannot use. For many service businesses it is the biggest single cause of a tight bank balance. The good news is that it is also the easiest gap to shrink, because most of it is within your control.

## Measure it first: debtor days

Debtor days tell you, on average, how long customers take to pay. The calculation:

**Debtor days = money owed to you ÷ monthly sales × 30**

Use GST-inclusive figures for both (invoices include GST), and take the money owed from your aged receivables report in Xero, MYOB, QuickBooks or whatever you use. If your terms are 14 days and your debtor days are 40, customers are taking almost three times as long as you asked.

## A worked example

Tran runs a signage business in Parramatta. He invoices about $45,000 a month including GST, and his aged receivables report shows $67,500 owed.

- Debtor days: $67,500 ÷ $45,000 × 30 = **45 days**.
- His terms are 14 days.

If Tran brought debtor days down to 30, he would be owed $45,000 instead of $67,500. That frees **$22,500 of cash** once — without winning a single new customer, and without borrowing. Every month after that, the cash simply arrives two weeks earlier.

## Seven ways to shorten the wait

1. **Invoice the same day.** Send the invoice when the job is finished, not at the end of the month. A job invoiced three weeks late is paid three weeks late.
2. **Set short, clear terms.** Seven or 14 days suits most small businesses. Put the due date — an actual date, not "net 14" — at the top of the invoice.
3. **Ask for deposits and progress payments.** For larger jobs, a deposit of 20–50 % and payments at stages mean you are never carrying the whole job. Put this in your quote and terms before work starts.
4. **Make paying easy.** Bank details and PayID on every invoice, a "pay now" card link if your software offers one, and your ABN so business customers can pay without queries. Check that every invoice meets the tax invoice rules so their accounts team doesn't send it back.
5. **Use a reminder routine.** A polite reminder the day before the due date, another on the day after, a phone call at seven days overdue and a firm letter at 21 days. Most accounting software can send the emails automatically.
6. **Phone, don't just email.** A friendly call to the person who approves payments often finds the real problem: a missing purchase order number, a wrong address, a dispute nobody told you about.
7. **Know when to stop work.** Decide in advance at what point you pause further work for an account that is well overdue, and write it into your terms.

## Bigger customers

If you supply large businesses, ask early how their payment process works: which details an invoice needs, who approves it and which day payment runs happen. Large businesses report how quickly they pay small suppliers under the Payment Times Reporting Scheme — see business.gov.au for how it works at the time of writing. Knowing a customer's published payment times helps you set expectations and price in the wait.

## Handling the awkward conversation

Most late payers are disorganised, not dishonest. Keep it factual: "Invoice 1042 for $3,850 was due on 12 May. Can you tell me when it's scheduled for payment?" Then agree a date and write it down. If a customer genuinely can't pay, a short payment arrangement in writing is better than silence. If an account is badly overdue and the customer stops responding, ask your accountant about the next steps, such as a letter of demand or small claims in your state's tribunal or court.

## Try this this week

Run your aged receivables report and work out your debtor days. Then pick the five largest overdue accounts and ring each one — not email — to agree a payment date. Finally, switch on automatic reminders in your accounting software and change your invoice template so the due date is shown as a date in bold at the top.

*This is general information, not financial or legal advice — check with your accountant or adviser.*`,
      worksheet: {
        kind: "template",
        title: "Your collections plan",
        intro: "A one-page plan for getting paid on time. Keep it where whoever sends invoices can see it.",
        fields: [
          {
            id: "debtor-days",
            label: "Your debtor days today and your target",
            hint: "Money owed ÷ monthly sales × 30, e.g. 45 days now, 30 days by the end of next quarter",
          },
          {
            id: "terms",
            label: "Your payment terms and deposit rule",
            hint: "e.g. 14 days; 30 % deposit on jobs over $5,000; progress payments at rough-in and completion",
            multiline: true,
          },
          {
            id: "reminders",
            label: "Your reminder routine and who does it",
            hint: "e.g. automatic email 1 day before and 1 day after due; phone call at 7 days; letter at 21 days",
            multiline: true,
          },
          { id: "overdue-calls", label: "The five largest overdue accounts and the date each agreed to pay", multiline: true },
          { id: "stop-work", label: "When you will pause work for an overdue account", hint: "e.g. 30 days overdue with no agreed payment date" },
        ],
      },
      check: [
        {
          prompt: "A business invoices $60,000 a month and is owed $80,000. Roughly what are its debtor days?",
          options: ["20 days", "30 days", "40 days", "75 days"],
          answerIndex: 2,
          explanation: "$80,000 ÷ $60,000 × 30 = 40 days. Customers take, on average, about 40 days to pay.",
        },
        {
          prompt: "Which change is most likely to bring cash in sooner without costing you customers?",
          options: [
            "Invoicing at the end of each month instead of job by job",
            "Putting the due date as a clear date on every invoice and sending it the day the job finishes",
            "Offering 60-day terms to everyone",
            "Waiting for customers to ask for their invoice",
          ],
          answerIndex: 1,
          explanation:
            "Invoicing straight away and showing a clear due date removes the two most common causes of slow payment: late invoices and vague terms.",
        },
      ],
    },
    {
      id: "cash-flow-13-week-forecast",
      title: "Build your 13-week cash-flow forecast",
      summary: "A week-by-week forecast of what comes in and goes out for the next quarter, so you see your lowest-balance week before it arrives.",
      estimatedMinutes: 20,
      bodyMd: `## Why 13 weeks

Thirteen weeks is one quarter. It is long enough to include a BAS payment, a run of pay days, super, rent and the odd insurance premium, and short enough that you can forecast it with reasonable accuracy. A monthly budget hides what happens inside the month; a weekly view shows the Tuesday when wages, the BAS and a supplier all fall due together.

The forecast has one job: to show you, ahead of time, the week when your bank balance will be lowest, so you can act while there is still time.

## How the forecast is built

Every week has the same shape:

1. **Opening balance** — the cash in your business accounts at the start of the week. Week 1's is today's bank balance; each later week opens with the previous week's closing balance.
2. **Receipts** — cash you expect to receive, line by line: customer payments, card takings, a loan drawdown, a GST refund.
3. **Payments** — cash you expect to pay, line by line: wages, super, suppliers, rent, loan repayments, insurance, subscriptions, your BAS (GST, PAYG withholding and any PAYG instalment), and your own drawings.
4. **Net cash flow** — receipts less payments for the week.
5. **Closing balance** — opening balance plus net cash flow.

Work in **cash, including GST**, because that is what moves through your bank account. Then add the BAS payment as its own line in the week you will pay it. Don't use invoice dates: use the date you realistically expect the money to land or leave, based on how each customer and supplier actually behaves.

## Filling in the lines

- **Receipts from customers.** Start with your aged receivables (what is already owed and when it will probably be paid), then add new sales you are confident of. Be conservative: if a customer usually pays in 40 days, forecast 40 days.
- **Wages.** Net pay on each pay day. The tax withheld goes to the ATO later, with your BAS.
- **Super.** The super guarantee is 12 % of qualifying earnings (broadly, ordinary time earnings) at the time of writing. Under the Payday Super rules that started on 1 July 2026, super generally has to reach each employee's fund within seven business days of payday, so forecast it alongside wages. Check ato.gov.au for the current rules.
- **The BAS.** Put the expected amount in the week it is due — for quarterly lodgers, the 28th of the month after the quarter ends, unless your BAS agent has a different date for you.
- **Irregular costs.** Go through last year's bank statements for annual and quarterly bills so they don't surprise you.

## A worked example

Sarah runs a café in Fremantle. Her opening balance is $18,000. Card takings bring in about $15,400 a week (including GST); a normal week's payments — net wages $6,200, supplies $4,400, rent $2,100, super $900 and her drawings $1,200 — total $14,800. So a normal week adds $600.

| Week | Opening | Receipts | Payments | Net | Closing |
|---|---|---|---|---|---|
| 1 | $18,000 | $15,400 | $14,800 | $600 | $18,600 |
| 2 | $18,600 | $15,400 | $14,800 | $600 | $19,200 |
| 3 (insurance $3,900) | $19,200 | $15,400 | $18,700 | −$3,300 | $15,900 |
| 4 | $15,900 | $15,400 | $14,800 | $600 | $16,500 |
| 5 (machine repair $2,500) | $16,500 | $15,400 | $17,300 | −$1,900 | $14,600 |
| 6 (BAS $11,800) | $14,600 | $15,400 | $26,600 | −$11,200 | $3,400 |
| 7 | $3,400 | $15,400 | $14,800 | $600 | $4,000 |

Week 6 is her **lowest-balance week: $3,400**, well below the $10,000 she likes to keep for emergencies. Nothing is wrong with the café — the BAS simply lands a week after two lumpy costs. Because she can see it six weeks out, Sarah can switch the insurance to monthly instalments, book the repair for week 8 and trim her drawings for a few weeks — together enough to keep week 6 above $10,000. From next quarter she will also move GST to a tax account every week (Lesson 4), so the BAS money is never mistaken for spending money. Without the forecast she would have found out on the day.

## Keep it rolling

A forecast is only useful if it is current. Once a week — same day, same time, 20 minutes:

1. Replace last week's forecast figures with what actually happened.
2. Note any big differences and why (a customer paid late, takings were down).
3. Add a new week 13 at the end, so you always look a full quarter ahead.
4. Check the lowest-balance week again and decide if you need to act.

After a month you will know which of your estimates are too hopeful, and your forecast will get noticeably more accurate.

## Try this this week

Fill in the forecast worksheet below with your own figures. Start with today's bank balance, your pay days and your next BAS, then add receipts from your aged receivables. When it is done, look at the lowest-balance week the worksheet shows and write down one thing you will do about it. Export it as Excel or CSV and share it with your bookkeeper, accountant or coach.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: { kind: "cash-flow-forecast", title: "Your 13-week cash-flow forecast" },
      check: [
        {
          prompt: "In a 13-week cash-flow forecast, what is week 5's opening balance?",
          options: ["Today's bank balance", "Week 4's closing balance", "Week 5's receipts less payments", "The average balance of weeks 1 to 4"],
          answerIndex: 1,
          explanation: "Each week opens with the previous week's closing balance. Only week 1 opens with today's actual bank balance.",
        },
        {
          prompt: "Why should the forecast use the date you expect a customer to pay rather than the invoice date?",
          options: [
            "Because the ATO requires it",
            "Because invoices dated in the past cannot be included",
            "Because the forecast is about when cash actually moves, and customers often pay after the due date",
            "Because it makes the lowest-balance week look better",
          ],
          answerIndex: 2,
          explanation:
            "A cash forecast tracks money in and out of the bank. Using realistic payment dates — often later than the invoice terms — makes the forecast honest.",
        },
        {
          prompt: "Sarah's forecast shows her lowest balance in week 6, when the BAS is due. What is the most useful response?",
          options: [
            "Ignore it until week 6 arrives",
            "Rearrange lumpy costs and trim drawings now, before week 6 arrives",
            "Delay lodging the BAS",
            "Stop paying super for a few weeks",
          ],
          answerIndex: 1,
          explanation:
            "The point of the forecast is to act early. Moving lumpy costs and trimming drawings smooths the dip. Lodging late or skipping super only adds penalties and charges.",
        },
      ],
    },
    {
      id: "cash-flow-set-aside-tax-and-buffer",
      title: "Set money aside for tax, super and a buffer",
      summary: "Separate accounts for the money that isn't yours and for emergencies, so the BAS, super and tax time are already paid for.",
      estimatedMinutes: 13,
      bodyMd: `## The simplest cash system that works

If you have one business bank account, every dollar in it looks available. That is how GST collected in July gets spent on wages in August and turns into a scramble in October. The fix is old-fashioned and effective: give money a job the moment it arrives by keeping it in separate accounts.

A common set-up for a small business is three accounts with the same bank:

1. **Operating account** — customer payments come in here and everyday bills go out.
2. **Tax and super account** — GST, PAYG withholding, PAYG instalments or income tax, and super (if it isn't paid every pay day) are moved here and paid from here.
3. **Buffer account** — a reserve for slow months and surprises, not touched for everyday spending.

Some owners add a fourth account for profit or for big planned purchases such as a new vehicle. Keep it simple enough that you will actually do it.

## How much to move

Work out rough percentages with your accountant or BAS agent, then move the money every week (or every time you are paid, if that is easier).

- **GST.** If you are registered for GST, one-eleventh of every GST-inclusive dollar you receive is GST. Moving 1/11 of receipts puts a little more aside than you need, because you will claim GST credits on purchases — a safe margin.
- **PAYG withholding.** The tax you withhold from employees' wages each pay day is theirs and the ATO's. Move the exact amount shown in your payroll software's pay run.
- **Super.** The super guarantee is 12 % of qualifying earnings (broadly, ordinary time earnings) at the time of writing. Since 1 July 2026 the Payday Super rules generally require super to be paid each pay cycle, so many businesses now pay it straight from the operating account on pay day. Check ato.gov.au for the current rules.
- **Income tax.** Sole traders pay tax at individual rates; companies pay company tax (a lower rate applies to base rate entities at the time of writing). If the ATO has put you into PAYG instalments, those come out with your BAS. Ask your accountant for a percentage of profit to set aside — 20 % to 30 % of profit is a common starting point, but yours depends on your structure and income.

## A worked example

Jess is a sole-trader graphic designer in Brisbane, registered for GST. In October her clients paid her $13,200 including GST. Her accountant suggested setting aside 25 % of her ex-GST profit for income tax.

- GST: $13,200 ÷ 11 = **$1,200** to the tax account.
- Her business expenses for the month were $2,000 ex-GST, so her profit was $12,000 − $2,000 = $10,000.
- Income tax: 25 % of $10,000 = **$2,500** to the tax account.
- Total moved: $3,700. The other $9,500 is what she can actually use for expenses and her own pay.

When her quarterly BAS arrives and her tax bill follows her tax return, the money is already there. In the first year, Jess found she had set aside a little too much — which became the start of her buffer.

## How big a buffer

A useful rule of thumb is enough to cover four to eight weeks of fixed costs: wages, rent, loan repayments, insurance and the subscriptions you cannot switch off. Seasonal businesses — tourism, agriculture, retail before Christmas — usually need more. Build it gradually: a fixed amount each week, plus a share of any unusually good month.

## Make it automatic

- Set up a scheduled transfer each week from operating to tax and super, and another to the buffer.
- Name the accounts clearly in your banking app: "GST and PAYG — ATO money", "Buffer — emergencies only".
- Reconcile all three accounts in your accounting software so your bookkeeper sees the full picture.
- Don't link the tax account to a debit card.

## Try this this week

Open a tax and super account and a buffer account if you don't have them. Work out last month's GST (receipts ÷ 11) and your PAYG withholding, and move that amount across today. Then set up a weekly scheduled transfer and write the percentages on the worksheet below. Ask your accountant to confirm the income tax percentage at your next conversation.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your set-aside plan",
        intro: "Decide how much goes where, and when. Confirm the income tax percentage with your accountant.",
        fields: [
          {
            id: "accounts",
            label: "Your accounts and what each is for",
            hint: "e.g. Operating; Tax and super (ATO money); Buffer (emergencies only)",
            multiline: true,
          },
          { id: "gst", label: "GST to set aside each week", hint: "Weekly GST-inclusive receipts ÷ 11, e.g. $15,400 ÷ 11 = $1,400" },
          { id: "payg-super", label: "PAYG withholding and super to set aside or pay each pay day", hint: "From your payroll software's pay run" },
          { id: "income-tax", label: "Income tax percentage and weekly amount", hint: "Agree the percentage with your accountant, e.g. 25 % of weekly profit" },
          {
            id: "buffer",
            label: "Your buffer target and how you'll build it",
            hint: "e.g. 6 weeks of fixed costs = $36,000; $1,000 a week plus 20 % of any month over budget",
            multiline: true,
          },
        ],
      },
      check: [
        {
          prompt: "A GST-registered business receives $5,500 including GST. How much of it is GST?",
          options: ["$550", "$500", "$5,000", "$605"],
          answerIndex: 1,
          explanation: "GST is one-eleventh of a GST-inclusive amount: $5,500 ÷ 11 = $500. Taking 10 % of the inclusive amount ($550) overstates it.",
        },
        {
          prompt: "Which of these belongs in a separate tax and super account rather than your operating account?",
          options: [
            "Money for next week's supplier bills",
            "PAYG withheld from employees' wages",
            "Your owner drawings",
            "A deposit from a customer for a job next month",
          ],
          answerIndex: 1,
          explanation:
            "PAYG withholding belongs to your employees' tax accounts with the ATO. You hold it until the BAS, so keep it apart from everyday money.",
        },
        {
          prompt: "What is a sensible first target for a buffer account?",
          options: ["One day of sales", "Four to eight weeks of fixed costs", "A full year of turnover", "Whatever is left at EOFY"],
          answerIndex: 1,
          explanation: "Four to eight weeks of fixed costs is a common, achievable starting point; seasonal businesses often need more.",
        },
      ],
    },
    {
      id: "cash-flow-tight-weeks",
      title: "When the forecast shows a tight week",
      summary: "The levers to pull, in order, when your forecast shows a shortfall — including talking to the ATO early.",
      estimatedMinutes: 14,
      bodyMd: `## A warning is a gift

When your 13-week forecast shows a week where the balance dips too low — or below zero — you have something most owners don't: time. A shortfall seen six weeks out can usually be fixed with a few phone calls. The same shortfall found on the day means bounced payments, stressed staff and expensive borrowing.

Work through the levers below roughly in order. The first ones cost little or nothing; the later ones cost money or goodwill.

## 1. Bring cash in sooner

- **Chase overdue invoices.** Ring the five largest overdue accounts and agree payment dates (Lesson 2).
- **Invoice everything that's finished.** Look for completed work that hasn't been billed yet, and progress claims you could submit now.
- **Ask for deposits** on new work starting in the tight period.
- **Sell slow stock** or equipment you no longer need.

## 2. Move payments later — by agreement

Paying a supplier late without asking damages the relationship. Asking first usually works. Ring your main suppliers, explain that you have a timing gap, and ask for an extra 14 or 30 days on a specific invoice. Offer a firm date and keep it. Landlords and equipment financiers will often agree to a short deferral if you ask before a payment is missed.

## 3. Cut or defer spending

Pause discretionary spending in the tight weeks: new equipment, non-urgent repairs, marketing that won't pay back within the quarter. Review your owner drawings too — reducing them for a few weeks is often the fastest lever you control.

## 4. Consider finance — with your eyes open

An overdraft, a business line of credit or invoice finance can bridge a short, known gap. Each has costs and fees; compare them as an annual rate and be wary of products that charge a fixed fee for a short loan, which can be very expensive. Borrowing to cover a permanent shortfall only delays the problem — if every quarter is tight, the fix is pricing, costs or collections.

## 5. Talk to the ATO early

If your forecast shows you can't pay your BAS in full:

- **Lodge on time anyway.** Failure-to-lodge penalties are separate from the debt, and lodging keeps your options open.
- **Pay what you can** by the due date.
- **Ask for a payment plan.** At the time of writing, businesses that owe $200,000 or less and meet the conditions can usually set up a plan themselves online (through Online services for business or with their registered tax or BAS agent), without phoning. Larger debts need a conversation with the ATO. Limits and conditions change, so check ato.gov.au.
- **Budget for interest.** The general interest charge (GIC) accrues daily on unpaid amounts, and for income years from 1 July 2025 it is no longer tax-deductible. A payment plan is a bridge, not cheap money.

Two things to never use as a buffer: **super** and **PAYG withholding**. Unpaid super attracts the super guarantee charge, which costs more than the super itself. If you run a company, directors can become personally liable for unpaid PAYG withholding, GST and super through the ATO's director penalty regime.

## A worked example

Dave runs a landscaping business in Ballarat with four staff. His forecast shows week 8 closing at **−$7,400**: the quarterly BAS ($14,300), a ute registration and a slow-paying builder all land together.

| Action | Effect on week 8 |
|---|---|
| Chases the builder's overdue $9,000; agreed for week 6 | +$9,000 |
| Asks his nursery supplier for 30 more days on a $4,200 bill | +$4,200 |
| Holds off a $2,600 trailer purchase until week 11 | +$2,600 |
| Reduces his drawings by $600 a week for four weeks | +$2,400 |
| **New week 8 closing balance** | **$10,800** |

Dave didn't need finance or an ATO plan this time — but because he looked early, both were still available if the builder hadn't paid.

## Get help early

Your accountant or registered BAS agent can model options, talk to the ATO on your behalf and tell you whether the issue is a one-off or a sign of something structural. Free, confidential small business financial counselling is also available — business.gov.au lists the services in each state and territory.

## Try this this week

Find the lowest-balance week in your forecast. If it is below your comfort level, list one action under each of the five levers above, with a dollar figure and a date. Make the two most valuable phone calls before Friday, then update the forecast to see the new low point.

*This is general information, not financial or tax advice — check with your accountant or registered BAS agent.*`,
      worksheet: {
        kind: "template",
        title: "Your tight-week action plan",
        intro: "Start from the lowest-balance week in your 13-week forecast.",
        fields: [
          {
            id: "low-week",
            label: "Your lowest-balance week, its balance and what causes it",
            hint: "e.g. Week 8: −$7,400 — BAS, ute rego and a slow-paying builder",
          },
          { id: "cash-in", label: "Cash you can bring in sooner (who, how much, agreed date)", multiline: true },
          { id: "payments-later", label: "Payments you will ask to move (supplier, amount, new date)", multiline: true },
          { id: "spending", label: "Spending and drawings you will pause or reduce", multiline: true },
          { id: "finance-ato", label: "Finance or ATO payment plan options to discuss with your accountant", multiline: true },
          { id: "new-low", label: "Your new lowest balance after these actions" },
        ],
      },
      check: [
        {
          prompt: "Your forecast shows you can't pay the whole BAS when it is due. What should you do first?",
          options: [
            "Lodge late so the debt appears later",
            "Lodge on time, pay what you can and arrange a payment plan",
            "Use the super you owe employees to pay it",
            "Ignore it; the ATO doesn't charge interest",
          ],
          answerIndex: 1,
          explanation:
            "Lodging on time avoids failure-to-lodge penalties; a payment plan spreads the debt. The ATO charges the general interest charge on unpaid amounts, and using super creates a costlier super guarantee charge.",
        },
        {
          prompt: "Which of these levers usually costs the least?",
          options: [
            "A short-term business loan with a fixed fee",
            "Chasing overdue invoices and billing finished work",
            "Paying suppliers late without telling them",
            "Skipping a super payment",
          ],
          answerIndex: 1,
          explanation:
            "Collecting money already owed costs nothing but time. Unannounced late payment damages relationships, loans cost interest and fees, and unpaid super attracts the super guarantee charge.",
        },
      ],
    },
  ],
  quiz: [
    {
      prompt: "A business made a profit of $12,000 last month, but its bank balance fell. Which is the most likely explanation?",
      options: [
        "The profit figure must be wrong",
        "Customers haven't paid yet, stock was bought ahead, or money was drawn out",
        "The business isn't registered for GST",
        "Profit and cash are always the same over a month",
      ],
      answerIndex: 1,
      explanation:
        "Profit counts income when earned; cash counts it when paid. Unpaid invoices, stock, loan principal and drawings all reduce cash without reducing profit.",
    },
    {
      prompt: "A business invoices $30,000 a month (including GST) and is owed $45,000. What are its debtor days?",
      options: ["15 days", "30 days", "45 days", "67 days"],
      answerIndex: 2,
      explanation: "$45,000 ÷ $30,000 × 30 = 45 days.",
    },
    {
      prompt: "Why is a cash-flow forecast worked in GST-inclusive figures with the BAS as its own payment line?",
      options: [
        "Because GST is income of the business",
        "Because cash moving through the bank includes GST, and the BAS payment is when it leaves",
        "Because the ATO asks to see the forecast",
        "Because GST-free sales can't be forecast",
      ],
      answerIndex: 1,
      explanation: "The bank account sees GST-inclusive amounts. Showing the BAS as a payment in the week it is due makes that week's dip visible.",
    },
    {
      prompt: "In a 13-week forecast, what is the lowest-balance week?",
      options: ["The week with the smallest receipts", "The week with the lowest closing balance", "Always week 13", "The week the BAS is lodged"],
      answerIndex: 1,
      explanation: "It is the week whose closing balance is the lowest of the 13 — the point where you are most likely to run short.",
    },
    {
      prompt: "What is the super guarantee rate at the time of writing (since 1 July 2025)?",
      options: ["9.5 %", "10 %", "11.5 %", "12 %"],
      answerIndex: 3,
      explanation: "The super guarantee rose to 12 % of ordinary time earnings on 1 July 2025. Check ato.gov.au for the current rate and payment rules.",
    },
    {
      prompt: "A sole trader receives $8,800 including GST. Using the set-aside method, how much GST should she move to her tax account?",
      options: ["$880", "$800", "$8,000", "$88"],
      answerIndex: 1,
      explanation: "$8,800 ÷ 11 = $800. One-eleventh of a GST-inclusive amount is the GST.",
    },
    {
      prompt: "Which is true of ATO payment plans at the time of writing?",
      options: [
        "They stop all interest on the debt",
        "Many businesses owing $200,000 or less can set one up online, and the general interest charge still applies",
        "You must lodge late to be eligible",
        "They are only available to companies",
      ],
      answerIndex: 1,
      explanation:
        "Eligible businesses with debts of $200,000 or less can usually set up a plan online. GIC keeps accruing, and from 1 July 2025 it is not tax-deductible.",
    },
  ],
};
