import type { CurriculumModule } from "./types";

// Hiring and Fair Work basics: a first (or next) employee taken on lawfully and well. Released over
// ten days so each step is done before the next arrives. General information only: every figure that
// changes each year is left to fairwork.gov.au and ato.gov.au.
const GENERAL_INFORMATION =
  "> This is general information, not legal or financial advice. Employment law and payroll rules change, and your situation may differ: check fairwork.gov.au and ato.gov.au, and talk to an employment lawyer, your accountant or your employer association before you act.";

export const hiringFairWork: CurriculumModule = {
  id: "hiring-fair-work",
  title: "Hiring and Fair Work basics",
  summary:
    "Take on your first or next employee the right way: employee or contractor, the right award and pay rate, the National Employment Standards, super, Single Touch Payroll, casual employment, and how to handle probation and ending employment fairly.",
  overviewMd: `## Why this module

Hiring is one of the biggest steps a small business takes, and one of the easiest to get wrong. Underpaying by picking the wrong award, forgetting super, or dismissing someone without a fair process can cost far more than the wages themselves. Since 1 January 2025, intentionally underpaying employees can even be a criminal offence.

This module walks you through hiring in the order it happens: deciding what kind of worker you need and which award applies, the minimum conditions every employee gets, setting up pay, tax, super and Single Touch Payroll, choosing between casual, part-time and full-time, and managing probation, performance and ending employment fairly.

## How it is released

The lessons open over ten days (the first straight away), so you can do each step in your own business before the next one arrives. If your coach assigns a lesson, it opens immediately.

## Who it is for

Sole traders about to take on a first employee, and owners with up to about 20 staff who want to check they are doing it right. It is written for employers in the national workplace relations system, which covers most private businesses in Australia.

${GENERAL_INFORMATION}`,
  outcomes: [
    "Decide whether you need an employee or a contractor, and find the modern award and classification that apply",
    "Explain the 11 National Employment Standards and which information statements to give new staff",
    "Set up a first pay run with a TFN declaration, super at the current guarantee rate and Single Touch Payroll reporting",
    "Choose between casual, part-time and full-time employment and understand the casual employment rules",
    "Manage probation, performance and dismissal fairly, including the Small Business Fair Dismissal Code",
  ],
  topic: "people",
  level: "beginner",
  access: "subscribers",
  lessons: [
    {
      id: "hiring-fair-work-before-you-hire",
      title: "Before you hire: employee or contractor, and which award",
      summary:
        "Work out what kind of worker you need, whether they are an employee or a contractor, and which modern award and classification set their minimum pay.",
      estimatedMinutes: 14,
      releaseAfterDays: 0,
      bodyMd: `## Start with the work, not the person

Before you write a job ad, write down the work. What jobs will this person do each week? How many hours does the work actually need? Which of those hours are fixed (opening the shop at 7 am) and which are flexible? Your answers decide whether you need an employee or a contractor, whether the role is full-time, part-time or casual, and which award applies.

## Employee or contractor?

You cannot simply choose to call someone a contractor. Whether a worker is an employee or an independent contractor depends on the real substance and practical reality of the whole working relationship, not just the label in a contract. Signs of employment include:

- You control how, when and where the work is done
- They are paid for their time rather than for a result
- They work only or mainly for your business and are part of your team
- You supply the tools and equipment
- They cannot send someone else to do the work

Calling an employee a contractor ("sham contracting") is against the Fair Work Act, and the penalties are significant. Separately, the ATO may treat some contractors as employees for super purposes, especially if they are paid mainly for their labour. Use the ATO's employee/contractor decision tool on ato.gov.au and the Fair Work Ombudsman's guidance on fairwork.gov.au before you decide.

## Find the award

Most employees in Australia are covered by a **modern award**: a legal document that sets minimum pay rates, penalty rates, overtime, allowances, breaks and other conditions for an industry or occupation. There are more than 100 of them, for example the General Retail Industry Award, the Hospitality Industry (General) Award, the Clerks – Private Sector Award and the Building and Construction General On-site Award.

To find yours:

1. Use the Fair Work Ombudsman's **Find my award** tool on fairwork.gov.au.
2. Read the award's coverage clause and its list of classifications.
3. Choose the **classification** that matches the duties (not the job title). A "manager" who mostly serves customers may still be a retail employee level 1 or 2.

An employee whose work is not covered by any award is award-free, and at minimum gets the national minimum wage and the National Employment Standards.

## Work out the pay

Minimum award rates change every year, usually from the first full pay period on or after 1 July, after the Fair Work Commission's annual wage review. Do not rely on a rate you saw last year. At the time of writing, the most reliable way to check is the Fair Work Ombudsman's **Pay and Conditions Tool** (PACT) at calculate.fairwork.gov.au, which calculates base rates, penalty rates, overtime and allowances for the award and classification you choose.

Remember the extras that sit on top of wages: super, workers' compensation insurance (compulsory, through your state or territory scheme), leave that builds up, and possibly payroll tax if your total wages pass your state's threshold.

## One exception to know about

If your business is in Western Australia and is a sole trader, partnership or trust rather than a company, your employees are generally covered by the WA state system rather than the national one. Check with Wageline on the WA Government's website.

## A worked example: a Ballarat bakery

Aisha runs a bakery café in Ballarat as a company, with two casual counter staff. She wants a baker for 4 am starts, five days a week. Her notes showed the work is regular, done to her recipes in her kitchen with her ovens, and needs someone she can roster. That is an employee, not a contractor.

Using Find my award, she saw that coverage for bakery work depends on what the business mainly does (making food to sell elsewhere, retail or hospitality), so her baker and her counter staff might not share an award. She read the coverage clauses of the likely awards and called the Fair Work Infoline to confirm before choosing. She then used PACT to calculate the base rate for the right classification, plus the early-morning penalty rates, and budgeted super and workers' compensation on top.

${GENERAL_INFORMATION}

## Try this this week

Write a one-page role plan with the worksheet below: the work, the hours, employee or contractor (and why), the award and classification, and the pay from PACT. Save a copy of the PACT result with the date you checked it.`,
      worksheet: {
        kind: "template",
        title: "Role plan",
        intro: "One page to settle what you are hiring for before you advertise.",
        fields: [
          { id: "work", label: "The work: the jobs this person will do each week", multiline: true },
          { id: "hours", label: "Hours needed, and which are fixed", hint: "e.g. 30 hours, Monday to Friday, 4 am to 10 am" },
          { id: "employee-or-contractor", label: "Employee or contractor, and why", hint: "Check with the ATO decision tool", multiline: true },
          { id: "award", label: "Award and classification", hint: "From Find my award; choose by duties, not job title" },
          { id: "pay", label: "Pay from the Pay and Conditions Tool, and the date you checked" },
          { id: "on-costs", label: "On-costs to budget: super, workers' compensation, leave, payroll tax", multiline: true },
        ],
      },
      check: [
        {
          prompt: "What decides whether a worker is an employee or a contractor?",
          options: [
            "Whatever the written contract calls them",
            "The real substance and practical reality of the whole working relationship",
            "Whether they have an ABN",
          ],
          answerIndex: 1,
          explanation: "Having an ABN or a contract that says 'contractor' is not enough; what matters is how the relationship really works.",
        },
        {
          prompt: "How should you choose an employee's award classification?",
          options: ["By the job title you give them", "By the duties they actually perform", "By what they were paid in their last job"],
          answerIndex: 1,
          explanation: "Classifications are based on duties and skills, so a title like 'manager' does not change the classification on its own.",
        },
        {
          prompt: "Where does the lesson suggest checking current award pay rates?",
          options: ["Last year's payslips", "The Fair Work Ombudsman's Pay and Conditions Tool", "A job advertising site"],
          answerIndex: 1,
          explanation: "Rates change every year; the Pay and Conditions Tool on fairwork.gov.au calculates the current rates for the award and classification.",
        },
      ],
    },
    {
      id: "hiring-fair-work-nes-and-information-statements",
      title: "The National Employment Standards and the information statements",
      summary: "The 11 minimum entitlements every national-system employee has, and the information statements you must give new staff.",
      estimatedMinutes: 14,
      releaseAfterDays: 2,
      bodyMd: `## The safety net under every job

The **National Employment Standards** (NES) are 11 minimum entitlements in the Fair Work Act that apply to every employee in the national system. An award, an enterprise agreement or an employment contract can give more, but never less. Together with the award, the NES is the floor your employment contracts sit on.

## The 11 National Employment Standards

1. **Maximum weekly hours**: 38 hours a week for a full-time employee, plus reasonable additional hours.
2. **Requests for flexible working arrangements**: certain employees with at least 12 months' service (for example parents, carers, employees with a disability, those aged 55 or over, or those experiencing family and domestic violence) can request changes to their hours, pattern or location of work. You must respond in writing within 21 days and can refuse only on reasonable business grounds, after discussing it with them.
3. **Casual employment**: the rules on who is a casual and the pathway for a casual to become a permanent employee (lesson 4 covers these).
4. **Parental leave and related entitlements**: up to 12 months of unpaid parental leave for eligible employees, with the right to request up to 12 months more.
5. **Annual leave**: four weeks of paid leave a year for full-time employees (pro rata for part-time), and five weeks for some shift workers.
6. **Personal/carer's leave, compassionate leave and family and domestic violence leave**: ten days of paid personal/carer's leave a year for full-time employees (pro rata for part-time), two days of compassionate leave per occasion, and paid family and domestic violence leave, which also applies to casual employees.
7. **Community service leave**: for jury service and voluntary emergency management activities, with some make-up pay for jury service.
8. **Long service leave**: mostly set by state and territory laws, which differ.
9. **Public holidays**: a day off on a public holiday, paid for permanent employees who would ordinarily work that day. You can request that someone works, and they can refuse if the request is unreasonable.
10. **Notice of termination and redundancy pay**: minimum notice based on length of service, and redundancy pay (small business employers with fewer than 15 employees are generally exempt from NES redundancy pay, with some exceptions).
11. **The Fair Work Information Statement**: you must give it to every new employee.

Casual employees get some of these (for example unpaid carer's leave, family and domestic violence leave and community service leave) but not paid annual or personal leave, because they receive a casual loading instead.

## The information statements

The Fair Work Ombudsman publishes the statements on fairwork.gov.au. Download the current version each time, because they are updated.

- **Fair Work Information Statement**: give it to every new employee before, or as soon as possible after, they start.
- **Casual Employment Information Statement**: give it to every new casual as well, at the start. A small business employer (fewer than 15 employees) must also give it again after the employee's first 12 months; larger employers give it at more points.
- **Fixed Term Contract Information Statement**: give it to an employee on a fixed-term contract.

Keep a record of when and how you gave each one. Email with the date is fine.

## Beyond the NES

A few other Fair Work Act rules catch small businesses out:

- **Payslips** must be given within one working day of payday and show the required details.
- **Employee records** must be kept for seven years.
- **Right to disconnect**: since 26 August 2025 this also applies to small business employers; employees can refuse to monitor or respond to contact outside working hours unless the refusal is unreasonable.
- **Unpaid trials** are only lawful for a short, supervised demonstration of the skills the job needs. Pay for anything longer.

## A worked example: a Brisbane physiotherapy clinic

Daniel runs a physiotherapy clinic in Brisbane with five staff. His receptionist, Lucy, returned from parental leave with a 14-month-old and asked in writing to work 9.30 am to 3 pm instead of 8 am to 4 pm. Daniel discussed it with her, then replied in writing within 21 days agreeing to the change for three days a week and offering a different pattern on the two busiest days, with his business reasons. That is a genuine response on reasonable business grounds, and it kept an experienced employee.

This is general information, not legal or financial advice. Check fairwork.gov.au for the current detail of each entitlement.

## Try this this week

Download the current Fair Work Information Statement (and the Casual Employment Information Statement if you employ casuals) from fairwork.gov.au. Use the worksheet below to check each employee has received them, and note any NES entitlement you are not yet sure you are meeting.`,
      worksheet: {
        kind: "template",
        title: "NES and information statements checklist",
        intro: "A one-page check of the minimum standards and the statements each employee has received.",
        fields: [
          {
            id: "statements-given",
            label: "Each employee and the statements given, with dates",
            hint: "Fair Work, Casual Employment, Fixed Term Contract",
            multiline: true,
          },
          { id: "leave-set-up", label: "Leave set up in your payroll: annual, personal/carer's, family and domestic violence", multiline: true },
          { id: "flexible-requests", label: "How you will respond to flexible working requests (who, and within 21 days)" },
          { id: "payslips-records", label: "Payslips within one working day and seven years of records: how you do it" },
          { id: "gaps", label: "Entitlements you are not sure you meet, to check with the Fair Work Ombudsman", multiline: true },
        ],
      },
      check: [
        {
          prompt: "Can an employment contract give an employee less than the National Employment Standards?",
          options: ["Yes, if the employee signs it", "No, the NES are a minimum that cannot be reduced", "Yes, for small businesses only"],
          answerIndex: 1,
          explanation: "Awards, agreements and contracts can give more than the NES but never less.",
        },
        {
          prompt: "When must you give a new employee the Fair Work Information Statement?",
          options: ["Before, or as soon as possible after, they start", "After their probation ends", "Only if they ask for it"],
          answerIndex: 0,
          explanation: "Every new employee must receive it at the start, and casuals also receive the Casual Employment Information Statement.",
        },
        {
          prompt: "Within how many days must you respond in writing to an eligible employee's request for flexible working arrangements?",
          options: ["7 days", "21 days", "90 days"],
          answerIndex: 1,
          explanation: "You must respond in writing within 21 days, and can refuse only on reasonable business grounds after discussing it.",
        },
      ],
    },
    {
      id: "hiring-fair-work-pay-tax-super-stp",
      title: "Your first pay run: tax, super and Single Touch Payroll",
      summary: "Set up an employee in payroll: the TFN declaration, PAYG withholding, the super guarantee and payday super, Single Touch Payroll and payslips.",
      estimatedMinutes: 15,
      releaseAfterDays: 4,
      bodyMd: `## Before the first payday

Once you have an employee, you are an employer in the eyes of the ATO. Before the first pay run, make sure you have:

- Registered for **PAYG withholding** (your accountant or BAS agent can do this with your ABN)
- **Payroll software that supports Single Touch Payroll** (most accounting packages do)
- A **workers' compensation** policy with your state or territory scheme
- The new employee's completed forms: a **TFN declaration** and a **super standard choice form**

## The TFN declaration

The employee fills in a TFN declaration (on paper or through myGov onboarding, or your payroll software's onboarding). It tells you their tax file number, residency for tax purposes, whether to claim the tax-free threshold from you and whether they have a study or training support loan such as HELP.

If an employee does not provide a TFN, or says they have applied for one but has not given it to you within 28 days, you must withhold at the higher rate the ATO sets for that case. Store the declaration securely: a TFN is protected information. If you report through Single Touch Payroll, your software reports the details, but keep the form with your records.

## PAYG withholding

From each pay, you withhold tax using the ATO's tax tables (your payroll software does this from the TFN declaration) and pay it to the ATO with your BAS or instalment activity statement. Withheld tax is the employee's money held in trust: never use it for cash flow.

## Super guarantee

You must pay **superannuation guarantee** (SG) contributions for eligible employees, including most casuals and part-timers. At the time of writing:

- The SG rate is **12 %** of ordinary time earnings, the rate since 1 July 2025.
- There is no minimum monthly earnings threshold any more; employees under 18 are eligible if they work more than 30 hours in a week.
- Offer a **choice of fund** with the standard choice form. If the employee does not choose, request their **stapled fund** through ATO online services before using your default fund.

### Payday super from 1 July 2026

At the time of writing, "payday super" starts on 1 July 2026. Instead of paying super quarterly, employers must pay SG at the same time as wages, and the contribution must generally reach the employee's fund within seven business days of payday, with some longer periods in limited cases such as a new employee's first contribution. Late or short payments attract the super guarantee charge, which is not tax-deductible.

In practice: pay super every pay run, use payroll software or a clearing house that supports payday super, and budget for it weekly or fortnightly rather than once a quarter. The ATO's Small Business Superannuation Clearing House is being retired as payday super starts, so check what replaces it for you. Details can change: check ato.gov.au for the current rules before relying on this.

## Single Touch Payroll

With **Single Touch Payroll** (STP), your software reports each employee's pay, tax withheld and super to the ATO on or before each payday. Employees see their year-to-date figures in myGov, and at the end of the financial year you finalise your STP data (generally by 14 July) instead of issuing payment summaries.

## Payslips and records

Give a payslip within one working day of payday, showing the pay period, hours, rates, gross and net pay, deductions, super and your ABN. Keep employee records, including timesheets, for seven years.

## A worked example: a Darwin electrical contractor

Kirra runs an electrical contracting company in Darwin and has just hired her first apprentice, Josh. Before his first Friday, her bookkeeper registered the company for PAYG withholding, set Josh up in their STP-enabled payroll software from his TFN declaration and super choice form (he chose his existing fund), and took out workers' compensation cover through NT WorkSafe's approved insurers.

Each fortnight, the software calculates Josh's pay from the apprentice rates in the award, withholds tax, reports to the ATO through STP and, from July 2026, sends 12 % super to his fund on payday. Kirra moved the super money into a separate account every pay run, so the change to payday super did not squeeze her cash flow.

This is general information, not legal or financial advice; rates and rules change, so confirm them at ato.gov.au and with your accountant.

## Try this this week

Use the worksheet below as your first-pay-run checklist. Confirm with your accountant or BAS agent that PAYG withholding, STP and payday super are set up, and check ato.gov.au for the current super rules.`,
      worksheet: {
        kind: "template",
        title: "First pay run checklist",
        intro: "Everything to have in place before your first payday.",
        fields: [
          { id: "registrations", label: "PAYG withholding registration and workers' compensation policy (insurer and policy number)", multiline: true },
          { id: "employee-forms", label: "TFN declaration and super choice (or stapled fund) received, with dates", multiline: true },
          { id: "payroll-software", label: "STP-enabled payroll software, and who runs each pay" },
          { id: "pay-cycle", label: "Pay cycle and payday", hint: "e.g. Fortnightly, paid Thursday" },
          { id: "super-plan", label: "How you will pay super every payday from 1 July 2026", multiline: true },
          { id: "payslips", label: "How payslips are sent within one working day" },
        ],
      },
      check: [
        {
          prompt: "What is the super guarantee rate at the time of writing?",
          options: ["9.5 % of ordinary time earnings", "12 % of ordinary time earnings", "It depends on the employee's fund"],
          answerIndex: 1,
          explanation: "The SG rate has been 12 % since 1 July 2025. Check ato.gov.au for any later change.",
        },
        {
          prompt: "Under payday super from 1 July 2026, when do you pay SG contributions?",
          options: [
            "Once a quarter, within 28 days after the quarter ends",
            "At the same time as wages, so they generally reach the fund within seven business days of payday",
            "Once a year, at the end of the financial year",
          ],
          answerIndex: 1,
          explanation: "Payday super moves SG from quarterly to each payday. Check ato.gov.au for the current rules.",
        },
        {
          prompt: "What does Single Touch Payroll do?",
          options: [
            "Reports each employee's pay, tax withheld and super to the ATO on or before each payday",
            "Pays wages directly from the ATO",
            "Replaces the need for an award",
          ],
          answerIndex: 0,
          explanation: "STP-enabled software reports payroll information to the ATO every pay run.",
        },
      ],
    },
    {
      id: "hiring-fair-work-casual-part-time-full-time",
      title: "Casual, part-time or full-time?",
      summary: "What makes someone a casual, what each type of employment costs and gives, and the pathway from casual to permanent employment.",
      estimatedMinutes: 13,
      releaseAfterDays: 7,
      bodyMd: `## Three ways to employ

Most small businesses use a mix of full-time, part-time and casual employees. The choice affects pay, leave, rostering and the rules you must follow, so decide deliberately rather than calling everyone casual by default.

- **Full-time**: ordinary hours of 38 a week (or as the award sets), with paid annual and personal/carer's leave and notice of termination.
- **Part-time**: regular, predictable hours of fewer than 38 a week, with the same entitlements pro rata. Many awards require the agreed hours and days to be set in writing at the start and changed only by written agreement.
- **Casual**: no firm advance commitment to continuing and indefinite work. Casuals receive a casual loading (usually 25 % under most modern awards; check yours) instead of paid annual and personal leave, and there is no notice of termination under the NES.

## Who is really a casual

Since 26 August 2024, the Fair Work Act says a person is a casual employee only if there is no firm advance commitment to continuing and indefinite work, and they are entitled to a casual loading or a specific casual rate. Whether there is a firm commitment depends on the real substance of the relationship, including:

- whether you can choose to offer work and they can choose to accept or reject it
- whether there is future availability of continuing work in your business of that kind
- whether there are full-time or part-time employees doing the same kind of work
- whether there is a regular pattern of work

So a "casual" who works the same 30 hours every week, on an ongoing roster, for a year may no longer fit the definition, even though the loading is still being paid.

## The pathway to permanent employment

At the time of writing, the NES gives casual employees an **employee choice** pathway. After at least six months of employment (12 months if you are a small business employer with fewer than 15 employees), a casual who believes they no longer meet the definition can notify you in writing that they want to change to full-time or part-time employment.

You must consult them and respond in writing within 21 days. You can only refuse on the grounds set out in the Fair Work Act, for example that they still meet the casual definition, or fair and reasonable operational grounds. Disputes can go to the Fair Work Commission. Nobody can be forced to convert.

## What each one really costs

Compare the total cost of an hour of work, not just the base rate. A casual's loaded rate is higher, but covers their lack of paid leave. A permanent employee's rate is lower, but you pay for annual leave, personal leave and public holidays, and you commit to their hours. Super applies to both. Penalty rates for weekends and evenings differ by award and by employment type, so check with the Pay and Conditions Tool.

Good reasons to choose each:

- **Casual**: genuinely irregular or uncertain work, such as covering peaks, events or absences
- **Part-time**: steady work of fewer than 38 hours you can commit to in advance
- **Full-time**: steady work that needs someone every day and that you want to build a role around

## Don't forget the statements

Give every casual the Casual Employment Information Statement as well as the Fair Work Information Statement when they start. As a small business employer, give the casual statement again after their first 12 months.

## A worked example: an Adelaide retail store

Nguyen owns a homewares store in Adelaide with nine employees, and had always employed everyone as a casual. Two staff had worked the same four weekday shifts for over a year. When one of them, Hannah, wrote asking to become permanent, Nguyen checked the criteria: there was a regular pattern of work, and the work was ongoing. He consulted Hannah and confirmed in writing within 21 days that she would become a part-time employee on her current 28 hours, set out her days and hours in writing, and stopped paying the casual loading from the change date while she started accruing leave.

He then reviewed the rest of his roster, offered the second long-term casual the same change, and kept genuine casuals for Saturday peaks and the Christmas period.

This is general information, not legal or financial advice. Check fairwork.gov.au or call the Fair Work Infoline for your situation.

## Try this this week

List each employee in the worksheet below with their employment type, usual pattern of work and start date. Flag any casual with a regular, ongoing pattern, and any who has passed the six- or twelve-month mark, and check that each casual has received the Casual Employment Information Statement.`,
      worksheet: {
        kind: "template",
        title: "Employment types review",
        intro: "A one-page review of how each person is employed, and whether it still fits.",
        fields: [
          { id: "team", label: "Each employee: type, usual pattern of work and start date", multiline: true },
          { id: "regular-casuals", label: "Casuals with a regular, ongoing pattern of work", multiline: true },
          { id: "conversion-dates", label: "Casuals who have passed (or will pass) six or twelve months' employment" },
          { id: "next-role", label: "The type of employment for your next hire, and why", multiline: true },
          { id: "statements", label: "Casual Employment Information Statement: given to whom, and when" },
        ],
      },
      check: [
        {
          prompt: "Which describes a casual employee under the Fair Work Act?",
          options: [
            "Anyone paid a casual loading, whatever their pattern of work",
            "An employee with no firm advance commitment to continuing and indefinite work",
            "Anyone working fewer than 38 hours a week",
          ],
          answerIndex: 1,
          explanation: "The definition looks at the real substance of the relationship; the loading alone does not make someone a casual.",
        },
        {
          prompt: "At a small business employer, after how long can a casual notify you that they want to become permanent?",
          options: ["Three months", "Six months", "Twelve months"],
          answerIndex: 2,
          explanation: "It is six months for most employers and twelve months for a small business employer with fewer than 15 employees.",
        },
        {
          prompt: "What replaces paid annual and personal leave for a casual employee?",
          options: ["A casual loading, usually 25 % under most awards", "Double super contributions", "Nothing"],
          answerIndex: 0,
          explanation: "The casual loading compensates for the entitlements casuals do not receive. Check your award for the exact loading.",
        },
      ],
    },
    {
      id: "hiring-fair-work-probation-performance-dismissal",
      title: "Probation, performance and ending employment fairly",
      summary:
        "The unfair dismissal minimum employment period, the Small Business Fair Dismissal Code, notice and final pay, and how to run a fair performance process.",
      estimatedMinutes: 15,
      releaseAfterDays: 10,
      bodyMd: `## Start well: induction and probation

The best way to avoid a dismissal is a good start. In the first weeks, give the employee the SOPs for their role, a clear picture of what good work looks like, and regular check-ins. Many employers set a **probation period** in the employment contract, often three or six months, with a review meeting at the end.

Probation is a contractual arrangement. It does not reduce the National Employment Standards or the award, and notice of termination still applies during probation. What matters for unfair dismissal is the separate **minimum employment period** in the Fair Work Act.

## Unfair dismissal: the minimum employment period

An employee generally cannot make an unfair dismissal claim until they have completed the minimum employment period:

- **six months** for most employers
- **twelve months** for a **small business employer**, which means fewer than 15 employees, counting the employee being dismissed, casuals employed on a regular and systematic basis, and employees of associated entities

Other limits apply, such as a high income threshold that changes each year (check fairwork.gov.au). An employee who is dismissed has 21 days to lodge an application with the Fair Work Commission.

The minimum period does not protect you from every claim. **General protections** have no minimum period: you must not dismiss or treat someone badly because they exercised a workplace right (such as asking about their pay or taking leave), for a temporary illness or injury, or for a discriminatory reason.

## The Small Business Fair Dismissal Code

If you have fewer than 15 employees, follow the **Small Business Fair Dismissal Code**. If you do, and the Commission is satisfied you complied, a dismissal is considered fair. In short:

- **Summary dismissal**: you can dismiss without notice or warning if you believe on reasonable grounds that the employee's conduct was serious enough, for example theft, fraud, violence or a serious breach of health and safety procedures. Reporting an allegation of theft, fraud or violence to the police is sufficient, though not essential.
- **Other dismissals**: give the employee a reason why they are at risk of being dismissed, based on their conduct or capacity to do the job. Warn them (ideally in writing) that they risk being dismissed if there is no improvement, give them a reasonable chance to improve (for example with training and clear expectations), and allow them a support person in discussions about dismissal.

Fill in the Code's checklist from fairwork.gov.au and keep it with your evidence.

## Running a fair performance process

1. Raise the concern early, privately and specifically: what happened, what standard was expected and the effect.
2. Listen to their side. There may be a reason you did not know about, such as health, caring duties or unclear instructions.
3. Agree the improvement needed, the support you will give and a realistic review date. Put it in writing.
4. Review on that date. If there is no improvement, give a written warning that their job is at risk.
5. If it still does not improve, meet again (support person allowed), consider their response, then decide.

Keep dated notes of every step. A fair process protects both of you.

## Ending employment: notice and final pay

Unless the dismissal is for serious misconduct, give notice (or pay in lieu) of at least the NES minimum: one week for up to a year of service, two weeks for one to three years, three weeks for three to five years and four weeks for more than five, plus an extra week if the employee is over 45 and has at least two years' service. Your award may add more.

Final pay includes outstanding wages, unused annual leave (and leave loading where the award requires it), notice in lieu and any redundancy pay owed, and is usually due within seven days under most awards. Small business employers are generally exempt from NES redundancy pay, with some exceptions.

## A worked example: a Canberra IT services business

Ravi runs an IT support business in Canberra with eleven employees. A technician, 18 months in, was regularly arriving late to client sites. Ravi met him, set out the dates and the effect on clients, and heard that school drop-off had changed. They agreed a later start on two days and a review in four weeks, confirmed in an email. The lateness continued on other days, so Ravi gave a written warning that his job was at risk. After a further four weeks with no improvement, Ravi met him with his support person, considered his response and ended his employment with two weeks' notice, following the Code's checklist throughout.

This is general information, not legal or financial advice. Before dismissing anyone, check fairwork.gov.au or talk to an employment lawyer or your employer association.

## Try this this week

Download the Small Business Fair Dismissal Code checklist from fairwork.gov.au. Then use the worksheet below to plan a fair performance conversation, or to set up probation reviews for your next hire.`,
      worksheet: {
        kind: "template",
        title: "Fair performance process plan",
        intro: "A one-page plan for a fair, documented performance conversation.",
        fields: [
          { id: "concern", label: "The concern: what happened, when, and the standard expected", multiline: true },
          { id: "their-side", label: "Questions to hear their side" },
          { id: "support", label: "Improvement needed and the support you will give", multiline: true },
          { id: "review-date", label: "Review date, and how you will confirm the plan in writing" },
          { id: "employment-facts", label: "Their start date, your employee count and whether the minimum employment period has passed" },
          { id: "code-checklist", label: "Small Business Fair Dismissal Code checklist: steps done so far", multiline: true },
        ],
      },
      check: [
        {
          prompt: "For a small business employer with fewer than 15 employees, what is the unfair dismissal minimum employment period?",
          options: ["Three months", "Six months", "Twelve months"],
          answerIndex: 2,
          explanation: "It is twelve months for a small business employer and six months for other employers.",
        },
        {
          prompt: "Does the minimum employment period protect you from a general protections claim?",
          options: ["Yes, completely", "No, general protections have no minimum employment period", "Only during probation"],
          answerIndex: 1,
          explanation: "Dismissing someone for exercising a workplace right, a temporary illness or a discriminatory reason is unlawful from day one.",
        },
        {
          prompt: "Under the Small Business Fair Dismissal Code, what should happen before a dismissal that is not for serious misconduct?",
          options: [
            "Nothing; small businesses can dismiss at will",
            "A reason, a warning that the job is at risk and a reasonable chance to improve",
            "A payment of six months' wages",
          ],
          answerIndex: 1,
          explanation: "The Code requires a valid reason based on conduct or capacity, a warning and a reasonable chance to rectify the problem.",
        },
      ],
    },
  ],
  quiz: [
    {
      prompt: "Your new worker has an ABN, but works only for you, on your roster, with your tools, paid by the hour. What are they most likely to be?",
      options: ["An independent contractor, because they have an ABN", "An employee", "A volunteer"],
      answerIndex: 1,
      explanation: "Control, payment for time and integration into your business point to employment, whatever the ABN or contract says.",
    },
    {
      prompt: "How many National Employment Standards are there?",
      options: ["Eight", "Eleven", "Fifteen"],
      answerIndex: 1,
      explanation: "There are 11 NES, from maximum weekly hours to the Fair Work Information Statement.",
    },
    {
      prompt: "Which tool calculates current award pay rates, penalty rates and allowances?",
      options: ["The ATO's tax withholding calculator", "The Fair Work Ombudsman's Pay and Conditions Tool", "The Australian Business Register"],
      answerIndex: 1,
      explanation: "The Pay and Conditions Tool (PACT) on fairwork.gov.au calculates award pay for a chosen classification.",
    },
    {
      prompt: "An employee has not given you their TFN 28 days after starting. What must you do?",
      options: ["Withhold tax at the higher rate that applies when no TFN is provided", "Stop paying them", "Withhold nothing until they provide it"],
      answerIndex: 0,
      explanation: "Without a TFN after 28 days you must withhold at the higher rate the ATO sets for that case.",
    },
    {
      prompt: "From 1 July 2026, at the time of writing, how often must super guarantee contributions be paid?",
      options: ["Quarterly", "With each payday (payday super)", "Annually"],
      answerIndex: 1,
      explanation: "Payday super requires SG to be paid with wages so it generally reaches the fund within seven business days. Check ato.gov.au.",
    },
    {
      prompt: "Which statement must every new casual employee receive, in addition to the Fair Work Information Statement?",
      options: ["The Casual Employment Information Statement", "The Small Business Fair Dismissal Code", "A super guarantee charge statement"],
      answerIndex: 0,
      explanation: "Casuals receive the Casual Employment Information Statement at the start (and, at a small business, again after 12 months).",
    },
    {
      prompt: "Which counts towards the 15-employee threshold for a small business employer?",
      options: [
        "Only full-time employees",
        "Employees including the one being dismissed, regular and systematic casuals, and employees of associated entities",
        "Only employees with more than 12 months' service",
      ],
      answerIndex: 1,
      explanation: "The headcount includes regular and systematic casuals and associated entities' employees, not only full-timers.",
    },
    {
      prompt:
        "An employee with four years' service is dismissed for poor performance (not serious misconduct). What is the NES minimum notice, if they are 35?",
      options: ["One week", "Three weeks", "No notice is required"],
      answerIndex: 1,
      explanation: "Three to five years' service gives three weeks' notice; an extra week applies only if the employee is over 45 with two years' service.",
    },
  ],
};
