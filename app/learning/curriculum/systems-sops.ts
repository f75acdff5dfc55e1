import type { CurriculumModule } from "./types";

// Systems, delegation and SOPs: from "only I know how to do that" to a business that runs on written,
// owned, reviewed procedures. For owners with a few staff or about to hire their first.
export const systemsSops: CurriculumModule = {
  id: "systems-sops",
  title: "Systems, delegation and SOPs",
  summary:
    "Get the business out of your head and onto paper: find the jobs worth systemising, write standard operating procedures your team will actually follow, delegate without losing quality, and keep the systems current.",
  overviewMd: `## Why this module

Most small businesses in Australia hit the same ceiling: the owner is the system. Quotes wait until you are back from site, the new starter asks the same questions every week, and a fortnight of leave feels impossible.

This module turns that around in five practical steps. You will find the handful of jobs that cost you the most time and cause the most rework, write your first standard operating procedure (SOP) with the built-in worksheet, hand a job over properly, choose the simplest tools that make each system stick, and set up a simple routine that keeps your procedures accurate as the business changes.

## Who it is for

Sole traders getting ready to hire, and owners with up to about 20 staff who want fewer interruptions and more consistent work. No software is needed: a shared drive or a notebook will do to start.

## What you will produce

- A ranked list of the jobs to systemise first
- Your first complete SOP, ready to share with your team or your coach
- A delegation brief for one job you will hand over this month
- A tools plan: the right checklist, template or software for each system, with safe access
- A systems register with owners and review dates`,
  outcomes: [
    "Identify the three to five recurring jobs that will free up the most of your time when systemised",
    "Write a clear standard operating procedure with a purpose, an owner, a trigger, steps and quality checks",
    "Delegate a job with a written brief, agreed checkpoints and the authority to act",
    "Match each system to the simplest tool that makes it stick, with safe access for your team",
    "Keep procedures current with a systems register, named owners and a review rhythm",
  ],
  topic: "systems",
  level: "intermediate",
  access: "package",
  lessons: [
    {
      id: "systems-sops-find-what-to-systemise",
      title: "Find the jobs worth systemising",
      summary: "A one-week time audit shows which recurring jobs cost you the most, and which to write down first.",
      estimatedMinutes: 12,
      bodyMd: `## The owner is the bottleneck

In most small businesses the owner's head is the filing cabinet, the training manual and the quality check all at once. That works when it is just you. Once you have a part-timer, an apprentice or a bookkeeper, every question that only you can answer becomes a queue, and the queue waits for you.

A system is simply a repeatable way of doing a recurring job, written down so someone else can do it to the same standard. You do not need to systemise everything. You need to systemise the few jobs that happen often, take real time and go wrong when they are rushed.

## Step 1: run a one-week time audit

For one ordinary working week, jot down what you do in 30-minute blocks. Keep it rough: a note on your phone or a sheet of paper on the bench is fine. At the end of each day, tag each block with one of these:

- **Only me**: work that truly needs the owner (pricing a complex job, a difficult client conversation, deciding strategy)
- **Could teach**: work someone else could do if it were written down and they were shown once or twice
- **Shouldn't exist**: double handling, chasing missing information, fixing avoidable mistakes

Most owners are surprised. It is common to find that a third or more of the week is "could teach" work, and a few hours is rework that a checklist would have prevented.

## Step 2: score the candidates

List every "could teach" and "shouldn't exist" job, then score each one from 1 to 5 on three questions:

1. **Frequency**: how often does it happen? (daily scores 5, yearly scores 1)
2. **Time**: how long does it take you each time?
3. **Risk**: what does it cost when it goes wrong, in money, safety, customer goodwill or compliance?

Add the three scores. The highest totals are your first systems. A job that happens daily, takes 40 minutes and occasionally produces an unhappy customer will beat a job that happens twice a year, every time.

## Step 3: choose three, not thirty

Pick the top three. Writing thirty procedures at once is the most common reason systemising stalls. Three good SOPs that people actually use will save more time than a binder nobody opens.

Good first candidates in most businesses:

- Quoting or responding to a new enquiry
- Opening and closing the shop, café or workshop
- Onboarding a new client or job
- Invoicing and following up unpaid invoices
- Ordering stock or materials

## A worked example: a Geelong plumbing business

Mia runs a plumbing business in Geelong with two plumbers, an apprentice and a part-time office manager. Her time audit showed she spent about nine hours a week on jobs her office manager could do: booking jobs from phone enquiries, sending quotes for standard work such as hot water system replacements, and chasing overdue invoices.

Her scores:

- Booking new jobs: frequency 5, time 3, risk 4 (lost jobs when details were missed) = 12
- Quoting standard hot water replacements: frequency 4, time 4, risk 3 = 11
- Chasing overdue invoices: frequency 3, time 2, risk 4 = 9
- Ordering fittings from the supplier: frequency 3, time 1, risk 2 = 6

Mia chose the first three. Within six weeks, her office manager was handling all three from written procedures, and Mia had most of a day back each week for estimating larger commercial work.

## What a system is not

A system is not software. A job management app can hold your procedures and automate steps, but if nobody has agreed how the job should be done, the software just records the confusion faster. Decide the method first, then choose tools.

A system is also not a way to remove judgement. Good procedures tell people what must always happen, and leave room for their experience in the rest.

## Try this this week

Run the time audit for five working days. On Friday, score every "could teach" and "shouldn't exist" job for frequency, time and risk, and write your top three in the worksheet below. Then put one hour in your diary next week to write the first SOP in the next lesson.`,
      worksheet: {
        kind: "template",
        title: "Jobs to systemise first",
        intro: "Use your time audit to choose the three jobs that will give you the most time back.",
        fields: [
          { id: "hours-could-teach", label: "Hours a week you spend on work someone else could do", hint: "From your one-week time audit" },
          { id: "rework", label: "Rework or chasing you found (the 'shouldn't exist' jobs)", multiline: true },
          { id: "first-job", label: "Job 1 to systemise, with its score", hint: "e.g. Booking new jobs: frequency 5, time 3, risk 4 = 12" },
          { id: "second-job", label: "Job 2 to systemise, with its score" },
          { id: "third-job", label: "Job 3 to systemise, with its score" },
          { id: "who-will-do-it", label: "Who will do these jobs once they are written down", multiline: true },
        ],
      },
      check: [
        {
          prompt: "Which three questions does the lesson use to score a job for systemising?",
          options: ["Frequency, time and risk", "Cost, software and staff numbers", "Urgency, difficulty and enjoyment"],
          answerIndex: 0,
          explanation:
            "Scoring how often a job happens, how long it takes and what it costs when it goes wrong points you to the systems that pay back fastest.",
        },
        {
          prompt: "Why does the lesson recommend choosing three jobs rather than writing procedures for everything at once?",
          options: [
            "Because three is the legal maximum for a small business",
            "Because a few procedures people actually use save more time than a binder nobody opens",
            "Because software can only hold three procedures",
          ],
          answerIndex: 1,
          explanation: "Trying to write thirty procedures at once is the most common reason systemising stalls. Start small and make each one work.",
        },
        {
          prompt: "Which job from a time audit belongs in the 'shouldn't exist' group?",
          options: ["Pricing a complex commercial job", "Re-entering the same customer details into two systems", "A difficult conversation with a key client"],
          answerIndex: 1,
          explanation: "Double handling and avoidable rework should be removed, not delegated. The other two usually need the owner.",
        },
      ],
    },
    {
      id: "systems-sops-write-your-first-sop",
      title: "Write your first SOP",
      summary: "A standard operating procedure in five parts: purpose, owner, trigger, steps and checks, written so a new starter can follow it.",
      estimatedMinutes: 15,
      bodyMd: `## What a good SOP looks like

A standard operating procedure (SOP) is a short written description of how one recurring job is done in your business. The best SOPs fit on one or two pages and answer five questions:

1. **Purpose**: why does this job matter, and what does "done well" look like?
2. **Owner**: who is responsible for the job, and for keeping the SOP up to date?
3. **Trigger**: what starts the job? A phone call, a time of day, a new order, the end of the month?
4. **Steps**: what happens, in order, in plain words?
5. **Checks**: how does the person know the job was done right before they move on?

The worksheet below uses exactly these five parts, so you can write your SOP as you read.

## Write it with the person who does the job

The fastest way to write an SOP is not to sit alone at a desk. Do the job (or watch the person who does it) and narrate each step out loud while someone takes notes, or record it on your phone. Then tidy the notes into steps.

Writing it together has a second benefit: the people who follow the SOP helped shape it, so they are much more likely to use it.

## Rules for clear steps

- **Start each step with a verb**: "Check", "Enter", "Call", "Photograph".
- **One action per step**. If a step contains "and then", split it.
- **Name the tool or place**: "in the job management app", "on the shelf above the sink".
- **Say what good looks like** where it is not obvious: "the temperature reads 5 °C or below".
- **Keep it to 5–15 steps**. If it is longer, it is probably two procedures.
- **Use pictures** for physical work. A photo of a correctly packed van beats a paragraph.

## Checks are what make it a system

Steps describe the work. Checks catch mistakes before a customer does. Good checks are specific and can be answered yes or no:

- "Is the job address confirmed with the customer by SMS?"
- "Has the quote been checked against the current price list?"
- "Has the fridge temperature log been signed?"

Where a job has a legal or safety element, such as food safety records, electrical testing or handling personal information under the Privacy Act, make the check explicit and name who signs it off. This is general information, not legal advice: check the rules that apply to your industry with your regulator or adviser.

## A worked example: closing a café in Newcastle

Tom owns a café in Newcastle with six casual staff. Closing was done differently by everyone, and twice in a month the coffee machine was left on overnight. His SOP:

- **Purpose**: close safely, leave the café clean and ready for a 6.30 am open, and make sure the takings balance.
- **Owner**: the closing shift lead; Tom reviews the SOP every three months.
- **Trigger**: 3.00 pm, when the last order is taken.
- **Steps**:
  1. Turn the sign to "Closed" and lock the front door at 3.00 pm.
  2. Back-flush the coffee machine and switch it off at the wall.
  3. Record fridge and cold-room temperatures in the log.
  4. Wrap, label and date leftover food; throw out anything past its use-by date.
  5. Wipe benches, sweep and mop.
  6. Count the till, print the end-of-day report and record any variance.
  7. Put the takings in the safe.
  8. Set the alarm and lock the back door.
- **Checks**: coffee machine off at the wall; temperature log signed; till variance under $5 or explained in the notes; alarm set.

Since the SOP went up on the wall by the back door (and into the staff app), every close has been consistent, and new casuals can close after two supervised shifts instead of five.

## Store it where the work happens

An SOP that lives in a folder on your laptop will not be used. Put it where the job is done: laminated on the wall, pinned in your team chat, saved in your job management software, or printed in the van. Give each SOP a version date so everyone knows which one is current.

## Test it with someone new

The real test of an SOP is whether someone who has never done the job can follow it. Give it to a staff member who does not usually do the task, watch them follow it without help, and note every question they ask. Each question is a missing or unclear step. Fix those, and your SOP is ready.

## Try this this week

Pick job 1 from your list in the last lesson. Do the job (or watch it being done) and fill in the SOP worksheet below: purpose, owner, trigger, steps and checks. Then hand it to someone who does not normally do the job and watch them follow it. Fix every point where they hesitated, and share the finished SOP with your team or your coach.`,
      worksheet: { kind: "sop", title: "Your first SOP" },
      check: [
        {
          prompt: "What are the five parts of an SOP in this lesson?",
          options: ["Purpose, owner, trigger, steps and checks", "Title, author, date, software and budget", "Goal, risks, costs, timeline and sign-off"],
          answerIndex: 0,
          explanation: "Purpose, owner, trigger, steps and checks answer why, who, when, how and how you know it was done right.",
        },
        {
          prompt: "Which of these is the best-written SOP step?",
          options: [
            "The coffee machine should be looked after properly",
            "Back-flush the coffee machine and switch it off at the wall",
            "Coffee machine: cleaning and power etc.",
          ],
          answerIndex: 1,
          explanation: "It starts with a verb, names the equipment and says exactly what done looks like.",
        },
        {
          prompt: "What is the best way to test a new SOP?",
          options: [
            "Ask the person who wrote it whether it is clear",
            "Have someone who has never done the job follow it while you watch",
            "Email it to the whole team and ask for comments",
          ],
          answerIndex: 1,
          explanation: "Every question a newcomer asks shows you a missing or unclear step.",
        },
      ],
      video: {
        key: "learning/videos/systems-sops-write-your-first-sop.mp4",
        type: "video/mp4",
        seconds: 76,
        captionsKey: "learning/captions/systems-sops-write-your-first-sop.vtt",
        transcriptMd: `## Transcript: Write your first SOP

A standard operating procedure, or SOP, is a short written description of how one recurring job is done in your business. Good ones fit on a page or two.

Every good SOP answers five questions. Purpose: why the job matters. Owner: who is responsible. Trigger: what starts the job. Steps: what happens, in order. And checks: how you know it was done right.

Write it with the person who does the job. Do the job, say each step out loud, and take notes. Start each step with a verb, keep one action per step, and name the tool or the place.

Checks are what make it a system. Make them specific, and answerable with a yes or a no. For example: is the coffee machine switched off at the wall?

Then test it. Give the SOP to someone who has never done the job, and watch them follow it. Every question they ask is a missing step.

This week, pick one job, fill in the SOP worksheet below, and test it with someone new.`,
      },
    },
    {
      id: "systems-sops-delegate-with-a-brief",
      title: "Delegate without losing quality",
      summary: "Hand a job over with a written brief, the right level of authority and agreed checkpoints, so it stays handed over.",
      estimatedMinutes: 12,
      bodyMd: `## Why delegation fails

Most owners have tried delegating and taken the job back. The usual story: the job was handed over in a rush, the person did it differently, the owner fixed it, and decided it was quicker to do it themselves. That is not a delegation problem so much as a handover problem.

Delegation works when three things are clear before the job moves: what the result must be, how much authority the person has, and when you will check in. The SOP from the last lesson covers how the job is done. This lesson covers handing it over so it stays handed over.

## The five levels of authority

Be explicit about how much the person can decide on their own. A simple scale:

1. **Do exactly this**: follow the SOP; ask before any change.
2. **Research and recommend**: look into it and come back with options; I decide.
3. **Decide and tell me first**: make the call, but check with me before acting.
4. **Act and tell me after**: go ahead, and let me know what you did.
5. **Own it**: it is yours; tell me only if something is unusual.

A new person usually starts at level 1 or 2 and moves up as trust builds. Many delegation arguments are really disagreements about which level was meant. Saying the number out loud removes the guesswork.

## Write a delegation brief

A delegation brief is half a page that travels with the job. It covers:

- **The result**: what done looks like, in measurable terms where possible
- **The SOP or resources**: where the procedure, templates and logins are
- **Authority**: the level from 1 to 5, and any limits (for example, discounts up to 10 % without asking)
- **Checkpoints**: when you will review the work, and how
- **Deadline and time budget**: when it is due and roughly how long it should take

## Checkpoints, not hovering

Agree checkpoints in advance, then stay out of the way between them. For a weekly job, a common pattern is to review every instance in week one, every second instance in weeks two and three, and a sample each month after that. Put the checkpoints in both diaries.

When you find a problem at a checkpoint, resist the urge to fix it yourself. Ask the person to fix it, and ask whether the SOP needs a change. If the same problem comes up twice, the SOP is the thing to fix.

## Delegating to staff, contractors and virtual assistants

Whoever takes on the work, you remain responsible for the result to your customer. A few practical points for Australian businesses:

- If you hand work to an **employee**, check the job fits their role and classification under their award or agreement; a big change in duties can affect their pay. (The next module covers awards.)
- If you hand work to a **contractor or virtual assistant**, make sure the arrangement is genuinely a contract for services, not employment in disguise. The Fair Work Ombudsman and the ATO both publish guidance on telling the difference.
- Anyone handling customer information should know your privacy practices. Give access through their own login, not yours, so you can remove it cleanly later.

This is general information, not legal advice.

## A worked example: a Perth bookkeeping practice

Priya runs a bookkeeping practice in Perth with three staff. She wanted to hand month-end reconciliations for twelve small clients to her senior bookkeeper, Jack, but had taken the work back twice before.

This time she wrote a brief:

- **Result**: all twelve clients' bank accounts reconciled and a month-end summary emailed to each client by the 10th of the following month.
- **Resources**: the month-end SOP and the summary email template in the shared drive.
- **Authority**: level 4 for routine coding; level 2 for anything over $2,000 that does not match a known supplier.
- **Checkpoints**: Priya reviews all twelve in month one, four in month two, and two chosen at random each month after that.
- **Time budget**: about 45 minutes per client.

By month three Jack owned the process. Priya found one recurring coding question at her checkpoints, added a line to the SOP, and has not had to step back in since.

## Try this this week

Choose one job from your list to hand over this month. Fill in the delegation brief below, including the authority level and the checkpoints, then sit down with the person for 20 minutes to walk through it together. Put the first two checkpoints in both of your diaries before you finish the meeting.`,
      worksheet: {
        kind: "template",
        title: "Delegation brief",
        intro: "Half a page that travels with the job when you hand it over.",
        fields: [
          { id: "job-and-person", label: "The job, and who it goes to" },
          {
            id: "result",
            label: "The result: what done looks like",
            hint: "Measurable where possible, e.g. 'summary emailed to every client by the 10th'",
            multiline: true,
          },
          { id: "resources", label: "The SOP, templates and logins they need", multiline: true },
          { id: "authority", label: "Authority level (1–5) and any limits", hint: "e.g. Level 4 for routine work; level 2 for anything over $2,000" },
          { id: "checkpoints", label: "Checkpoints: when and how you will review", multiline: true },
          { id: "deadline", label: "Deadline and time budget" },
        ],
      },
      check: [
        {
          prompt: "At authority level 3, 'decide and tell me first', what does the person do?",
          options: [
            "Follow the SOP exactly and ask before any change",
            "Make the decision, but check with you before acting",
            "Act, and let you know afterwards",
          ],
          answerIndex: 1,
          explanation: "Level 3 means they make the call but you see it before it happens. Level 4 is act and tell me after.",
        },
        {
          prompt: "You find the same mistake at two checkpoints in a row. What should you do?",
          options: ["Take the job back", "Fix it yourself each time", "Ask the person to fix it and update the SOP"],
          answerIndex: 2,
          explanation: "A repeated problem points to a gap in the procedure. Fixing the SOP fixes it for everyone.",
        },
        {
          prompt: "You hand customer work to a virtual assistant. Who is responsible to the customer for the result?",
          options: ["The virtual assistant", "You, the business owner", "Nobody, once it is delegated"],
          answerIndex: 1,
          explanation: "Delegating the work does not delegate your responsibility to the customer.",
        },
      ],
    },
    {
      id: "systems-sops-tools-checklists-templates",
      title: "Choose simple tools: checklists, templates and software",
      summary:
        "Match each system to the simplest tool that will make it stick, from a laminated checklist to job management software, and set up access safely.",
      estimatedMinutes: 12,
      bodyMd: `## Method first, then tools

Once a job has an SOP and an owner, the next question is where it lives day to day. The right tool makes the procedure the easiest way to do the job. The wrong one adds logins, subscriptions and double entry without changing how the work is done.

The rule of thumb: choose the simplest tool that people will actually use at the moment the job happens.

## Three kinds of tool

### Checklists

A checklist is the SOP boiled down to its checks and key steps, used while the job is being done. Checklists suit jobs that are routine but costly to get wrong: opening and closing, vehicle pre-start checks, site set-up, month-end. Keep them to one page, put them where the work happens and have the person tick and sign or initial each one. A laminated card and a whiteboard marker is a perfectly good system.

### Templates

A template makes the output consistent: a quote, a welcome email to a new client, a job sheet, a handover note. Templates save time and quietly enforce your standards, because the right headings, terms and wording are already there. Store them in one shared folder with clear names, and make the SOP point to them.

### Software

Software earns its place when a job involves many people, many steps or information that must flow from one step to the next, such as a lead that becomes a quote, then a job, then an invoice. Common categories for Australian small businesses:

- **Job and practice management**: bookings, job cards, scheduling and quotes
- **Accounting and payroll**: invoices, bank feeds, BAS and Single Touch Payroll
- **Task and project tools**: recurring tasks, checklists with due dates and owners
- **Shared drives and team chat**: where SOPs, templates and questions live

Before you buy, write down the job, its SOP and what you want the software to do in it. Then trial one or two options with the person who will use it most, on a real job, before you commit.

## Set up access safely

Every tool that holds customer, staff or financial information needs the same basic care:

- **Everyone gets their own login.** Shared passwords make it impossible to know who did what, or to remove access cleanly when someone leaves.
- **Turn on multi-factor authentication** for email, accounting, banking and anything holding personal information.
- **Give the least access needed.** A casual who runs the opening checklist does not need access to payroll.
- **Know where the data is stored** and how to get it out if you change providers.
- **Add removing access to your staff exit checklist.**

The Australian Cyber Security Centre publishes a free guide for small businesses at cyber.gov.au. If you handle personal information, check your obligations under the Privacy Act with the Office of the Australian Information Commissioner (oaic.gov.au). This is general information, not legal advice.

## Watch the true cost

Subscriptions add up quietly. For each tool, note the monthly cost per user, who uses it and which SOPs depend on it. Review the list once a year: most small businesses find at least one tool nobody uses and one job still being done twice.

## A worked example: a Bendigo removals business

Hayley runs a removals business in Bendigo with ten staff and four trucks. Jobs were booked in a paper diary, crews got details by text, and inventories were written on the back of quote forms, so items went missing and disputes were hard to settle.

She matched tools to systems. Truck pre-start checks became a laminated checklist in each cab, signed daily. Quotes and inventory lists became templates with her terms and conditions built in. Bookings moved into a job management app, chosen after a two-week trial with her crew leaders on real jobs, because it sent crews the job details and let them photograph the inventory on site. Every staff member got their own login with multi-factor authentication, and "remove app access" went onto her exit checklist.

Within two months, double bookings stopped, and damage disputes were settled in minutes using the on-site photos.

## Try this this week

List your systems in the worksheet below and, for each, choose the simplest tool that fits: checklist, template or software. Check that everyone has their own login with multi-factor authentication on your key tools, and cancel one subscription nobody uses.`,
      worksheet: {
        kind: "template",
        title: "Tools plan",
        intro: "The simplest tool for each system, and safe access to all of them.",
        fields: [
          {
            id: "system-tools",
            label: "Each system and its tool: checklist, template or software",
            hint: "One per line, e.g. Closing: laminated checklist",
            multiline: true,
          },
          { id: "templates", label: "Templates to create, and the shared folder they will live in", multiline: true },
          { id: "software-need", label: "If you need software: the job, the SOP and what it must do", multiline: true },
          { id: "access", label: "Access check: own logins, multi-factor authentication and least access", multiline: true },
          { id: "subscriptions", label: "Subscriptions: cost per month, who uses each, and one to cancel" },
        ],
      },
      check: [
        {
          prompt: "What does the lesson suggest choosing for each system?",
          options: ["The most powerful software available", "The simplest tool people will actually use when the job happens", "Whatever a competitor uses"],
          answerIndex: 1,
          explanation: "A laminated checklist that is used beats software that is not.",
        },
        {
          prompt: "Why should every staff member have their own login rather than a shared password?",
          options: [
            "So you can see who did what and remove access cleanly when someone leaves",
            "Because shared passwords are slower to type",
            "Because software providers charge less for individual logins",
          ],
          answerIndex: 0,
          explanation: "Individual logins give accountability and let you remove one person's access without disrupting everyone else.",
        },
        {
          prompt: "When does software earn its place over a checklist or template?",
          options: [
            "Always, because software is more modern",
            "When a job involves many people, many steps or information that flows from step to step",
            "Only when the business has more than 50 staff",
          ],
          answerIndex: 1,
          explanation: "Software pays off when information has to move between people and steps, such as from lead to quote to job to invoice.",
        },
      ],
    },
    {
      id: "systems-sops-keep-systems-alive",
      title: "Keep your systems alive",
      summary: "A systems register, named owners and a simple review rhythm keep your SOPs accurate as the business changes.",
      estimatedMinutes: 11,
      bodyMd: `## Why procedures go stale

Every business that has written SOPs has also found an out-of-date one: a supplier that changed, a form nobody uses any more, a step that was quietly dropped. Once people find one wrong SOP, they stop trusting the rest, and you are back to "just ask the boss".

Keeping systems alive takes far less effort than writing them, as long as you set up three things: a register, an owner for each system, and a review rhythm.

## The systems register

A systems register is a single list of your procedures. A spreadsheet or a table in your shared drive is enough. For each SOP, record:

- **Name** and a short description
- **Owner**: the person responsible for keeping it accurate (usually the person who does the job most, not the owner of the business)
- **Where it lives**: the link or the physical location
- **Version date**: when it was last changed
- **Next review date**
- **Risk level**: high for anything involving safety, money, legal obligations or privacy; normal for the rest

The register answers the question "do we have a procedure for that?" in seconds, and shows you at a glance which ones are overdue for review.

## A review rhythm that fits a small business

You do not need a quality department. Use simple triggers:

- **Scheduled**: review high-risk SOPs every three months and the rest every six or twelve months. Put a recurring reminder in the owner's calendar.
- **Change-driven**: whenever you change a supplier, a price list, software, equipment or a legal requirement, update the affected SOPs that week.
- **Incident-driven**: when something goes wrong, ask "did we follow the SOP?" If yes, the SOP needs fixing. If no, ask why not, because the answer is often that the SOP is unclear or impractical.

A review can be quick: the owner of the SOP reads it, watches the job being done once, updates anything that has drifted and changes the version date.

## Make the systems part of the week

Systems stick when they are part of how the team works, not an extra:

- Start every new staff member's induction with the register, and have them work through the relevant SOPs in their first week.
- Add "any SOP changes?" to your weekly team meeting. It takes a minute.
- Thank people who suggest improvements. The person doing the job daily will spot the better way first.
- When someone asks you how to do something, answer with "is it in the SOP?" and, if it is not, ask them to draft it.

## Measure the benefit

Keep a small scorecard to see whether your systems are working. Good measures are specific to your business, for example:

- Hours a week the owner spends on delegated jobs (should fall)
- Rework or complaints on systemised jobs (should fall)
- How long a new starter takes to work unsupervised (should fall)
- Days of leave the owner can take without the business stalling (should rise)

## A worked example: a Hobart landscaping business

Sam runs a landscaping business in Hobart with eight staff. Over a year the team had written 22 SOPs, but crew leaders had started ignoring them after a few turned out to be wrong.

Sam built a systems register in a shared spreadsheet. Each crew leader became the owner of the SOPs for their area, with the five high-risk ones (operating the excavator, chemical handling, site safety induction, vehicle pre-start checks and handling cash payments) on a three-month review and the rest on a twelve-month review. "Any SOP changes?" became the first item at Monday's toolbox meeting.

Within a quarter every SOP had been reviewed, four were merged into others and two were deleted as obsolete. Crew leaders started using them again, because they were right. Sam took two weeks off over summer for the first time in five years.

## Try this this week

Build your systems register with the worksheet below. List every procedure you have (written or not), give each one an owner, a risk level and a review date, and put the first three review dates in the owners' calendars. Add "any SOP changes?" to your next team meeting.`,
      worksheet: {
        kind: "template",
        title: "Systems register and review plan",
        intro: "A one-page register of your procedures with owners and review dates.",
        fields: [
          { id: "register", label: "Your procedures: name, owner and where each lives", hint: "One per line", multiline: true },
          { id: "high-risk", label: "High-risk procedures (safety, money, legal, privacy) and their three-monthly review dates", multiline: true },
          { id: "review-rhythm", label: "Review rhythm for the rest, and who sets the reminders" },
          {
            id: "change-triggers",
            label: "Changes coming up that will need SOP updates",
            hint: "New supplier, software, equipment, price list…",
            multiline: true,
          },
          { id: "scorecard", label: "Two measures you will track to see the benefit", multiline: true },
        ],
      },
      check: [
        {
          prompt: "Who is usually the best owner of an individual SOP?",
          options: ["The business owner, for every SOP", "The person who does the job most often", "An outside consultant"],
          answerIndex: 1,
          explanation: "The person doing the job notices first when the procedure drifts from reality.",
        },
        {
          prompt: "Something goes wrong, and the SOP was followed exactly. What does that tell you?",
          options: ["The staff member was careless", "The SOP itself needs fixing", "Nothing; it was bad luck"],
          answerIndex: 1,
          explanation: "If following the procedure led to the problem, the procedure is what needs to change.",
        },
        {
          prompt: "How often does the lesson suggest reviewing high-risk SOPs?",
          options: ["Every three months", "Every five years", "Only after an incident"],
          answerIndex: 0,
          explanation: "Procedures involving safety, money, legal obligations or privacy deserve a quarterly look; others every six to twelve months.",
        },
      ],
    },
  ],
  quiz: [
    {
      prompt: "What is the best first step before writing any procedures?",
      options: ["Buy job management software", "Run a time audit to find the jobs worth systemising", "Write procedures for every task in the business"],
      answerIndex: 1,
      explanation: "A one-week time audit shows which recurring jobs take your time and cause rework, so you start where the payback is biggest.",
    },
    {
      prompt: "A job happens daily, takes 40 minutes and sometimes upsets customers. Another happens twice a year. Which should you systemise first?",
      options: ["The twice-yearly job, because people forget how to do it", "The daily job", "Neither; only software can fix them"],
      answerIndex: 1,
      explanation: "High frequency, real time and real risk give the daily job a much higher score.",
    },
    {
      prompt: "In an SOP, what is the 'trigger'?",
      options: ["The reason the job matters", "The event that starts the job", "The person who signs it off"],
      answerIndex: 1,
      explanation: "The trigger is what starts the job: a call, a time of day, a new order or the end of the month.",
    },
    {
      prompt: "Which check is the most useful in an SOP?",
      options: ["Was the job done well?", "Is the fridge temperature log signed for today?", "Did everyone try their best?"],
      answerIndex: 1,
      explanation: "Good checks are specific and can be answered yes or no.",
    },
    {
      prompt: "What does a delegation brief add to an SOP?",
      options: [
        "The result expected, the authority level, checkpoints and a deadline",
        "A longer list of steps",
        "A signature page for the employment contract",
      ],
      answerIndex: 0,
      explanation: "The SOP says how the job is done; the brief says what result is expected, how much the person can decide and when you will check in.",
    },
    {
      prompt: "You hand a job to a contractor. What should you make sure of?",
      options: [
        "That they use your login so you can see their work",
        "That the arrangement is genuinely a contract for services and they have their own access",
        "That they never see the SOP",
      ],
      answerIndex: 1,
      explanation: "Treating an employee as a contractor can breach the Fair Work Act, and separate logins let you remove access cleanly.",
    },
    {
      prompt: "A casual runs your opening checklist in a job management app. What access should they have?",
      options: [
        "Full access, including payroll, to save time",
        "Their own login, with only the access the job needs",
        "The owner's login, shared for convenience",
      ],
      answerIndex: 1,
      explanation: "Own logins and least access keep information safe and let you remove access cleanly.",
    },
    {
      prompt: "What goes in a systems register?",
      options: [
        "Each procedure's name, owner, location, version date, review date and risk level",
        "Every staff member's pay rate",
        "Customer complaints only",
      ],
      answerIndex: 0,
      explanation: "The register is one list of procedures that shows who owns each and when it is next due for review.",
    },
  ],
};
