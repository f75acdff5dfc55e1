import type { CurriculumModule } from "./types";

// Marketing that brings enquiries: a clear message, being found locally, reviews and referrals,
// email and SMS within the Spam Act, and following up and measuring what works. Low-cost, for owners
// who do their own marketing.
const GENERAL_INFORMATION =
  "> This is general information, not legal advice. For your situation, check the guidance of the ACCC (accc.gov.au) and the ACMA (acma.gov.au), or talk to a lawyer.";

export const marketingEnquiries: CurriculumModule = {
  id: "marketing-enquiries",
  title: "Marketing that brings enquiries",
  summary:
    "Low-cost marketing that makes the phone ring: a clear message for the right customers, a Google Business Profile that gets found, honest reviews and referrals, email and SMS that follow the Spam Act, and fast follow-up with simple measurement.",
  overviewMd: `## Why this module

Most small businesses do not need a bigger marketing budget. They need a clear message, to be easy to find when someone nearby is looking, a steady flow of honest reviews and referrals, and a fast, reliable way of answering every enquiry. This module covers those foundations, in the order that usually pays back fastest.

It is written for Australian owners who do their own marketing, from sole traders to businesses with about 20 staff. Everything can be done without an agency, and most of it is free.

## What you will produce

- A one-page marketing plan: who you are for, what you offer and your one-sentence message
- A local visibility checklist for your Google Business Profile and website
- A review and referral plan that stays within the Australian Consumer Law and platform rules
- An email and SMS plan that meets the Spam Act 2003
- An enquiry tracker that shows which marketing actually brings work

${GENERAL_INFORMATION}`,
  outcomes: [
    "Describe your ideal customer and write a one-sentence message that makes them enquire",
    "Set up a complete Google Business Profile and a website that turns visits into enquiries",
    "Ask for reviews and referrals in ways that meet the Australian Consumer Law and platform rules",
    "Send email and SMS marketing with consent, clear identification and a working unsubscribe, as the Spam Act requires",
    "Answer enquiries quickly and track where each one came from, so you spend only on what works",
  ],
  topic: "marketing",
  level: "beginner",
  access: "free",
  lessons: [
    {
      id: "marketing-enquiries-who-you-are-for",
      title: "Who you are for, and why they should call",
      summary: "Choose the customers you want more of, understand the problem they are trying to solve, and write a message that makes them enquire.",
      estimatedMinutes: 12,
      bodyMd: `## Marketing starts with a choice

The most common marketing mistake in small business is trying to speak to everyone. "Quality work at fair prices" could describe almost any business in the country, so it gives nobody a reason to call you rather than the next result on the page.

Good marketing starts with a choice: which customers do you want more of? Not every customer you have served, but the ones who value what you do, pay on time, refer their friends and are profitable to serve.

## Describe your ideal customer

Look at your best ten customers from the last year. What do they have in common? Write a short description covering:

- **Who they are**: households, trades, local businesses, professionals, a particular industry or suburb
- **The trigger**: what was happening when they first contacted you? A breakdown, a move, a new baby, a deadline, a compliance notice?
- **The problem in their words**: what did they say when they first called? Their words make the best marketing copy.
- **What they worried about**: cost, mess, being let down, not understanding the jargon
- **Why they chose you**: ask a few of them. The answers are often not what you expect.

## Make an offer, not a list of services

An offer packages what you do around the customer's problem. Compare:

- "We do bookkeeping" with "Your books reconciled and your BAS lodged on time every quarter, for a fixed monthly fee"
- "Dog grooming" with "Pick-up and drop-off grooming for busy owners in the inner west"

A good offer is specific, easy to understand and easy to say yes to. It often includes a clear first step, such as a free measure and quote, a 20-minute phone consultation or a fixed-price starter package.

## Write your one-sentence message

Use this pattern: **We help [who] to [result] without [the worry].** For example: "We help Sunshine Coast families get their air-conditioning fixed the same day without surprise call-out fees."

Use that sentence at the top of your website, on your Google Business Profile, on your van and in your email signature. Consistency is what makes people remember you.

Test the sentence on three or four people who match your ideal customer. If they can repeat it back in their own words, and it prompts a question such as "How much is that?" or "Do you come to Caloundra?", it is working. If they look blank or polite, make it more specific: name the customer, the suburb or the result more plainly.

## Keep your claims honest

The Australian Consumer Law prohibits misleading or deceptive conduct and false or misleading representations. In marketing, that means:

- Only claim "the cheapest", "the best" or "the fastest" if you can back it up
- Make "free" genuinely free, with any conditions stated clearly
- Show prices that include all compulsory fees and charges, rather than adding them at the end

## A worked example: a Toowoomba mobile mechanic

Ben runs a mobile mechanic business in Toowoomba. His website said "All mechanical repairs, all makes and models". When he reviewed his best customers, most were busy tradespeople whose utes needed servicing without losing a working day, and small businesses with two to ten vehicles.

He changed his message to "We service tradies' utes and small business fleets on site, so your vehicles are off the road for hours, not days", added a fixed-price on-site service package, and put the sentence on his website, his Google Business Profile and his ute. Within three months, more than half his enquiries mentioned "on site" or "fleet", and he was quoting fewer one-off jobs he did not want.

## Try this this week

Call or message three of your best customers and ask what was happening when they first contacted you and why they chose you. Then fill in the one-page marketing plan below, including your one-sentence message, and use it in one place (your website, profile or email signature) by Friday.`,
      worksheet: {
        kind: "template",
        title: "One-page marketing plan",
        intro: "Who you are for, what you offer and what you will say.",
        fields: [
          { id: "ideal-customer", label: "Your ideal customer: who they are and the trigger that makes them look", multiline: true },
          { id: "problem-words", label: "Their problem, in their words", multiline: true },
          { id: "offer", label: "Your offer and its clear first step", hint: "e.g. Fixed-price on-site service; book online" },
          { id: "message", label: "Your one-sentence message", hint: "We help [who] to [result] without [the worry]." },
          { id: "where-to-use", label: "Where you will use the message first" },
        ],
      },
      check: [
        {
          prompt: "Which is the strongest marketing message?",
          options: [
            "Quality work at fair prices",
            "We help Sunshine Coast families get their air-conditioning fixed the same day without surprise call-out fees",
            "Established 1998, all jobs considered",
          ],
          answerIndex: 1,
          explanation: "It names who it is for, the result and the worry it removes. The others could describe any business.",
        },
        {
          prompt: "Under the Australian Consumer Law, when can you claim to be 'the cheapest'?",
          options: ["Whenever you believe it", "Only if you can back the claim up", "Never, the word is banned"],
          answerIndex: 1,
          explanation: "Claims must not be misleading; you need evidence for a claim like 'the cheapest'.",
        },
      ],
    },
    {
      id: "marketing-enquiries-be-found-locally",
      title: "Be found locally: Google Business Profile and your website",
      summary: "Set up a complete Google Business Profile and make sure your website turns local searches into calls and enquiries.",
      estimatedMinutes: 13,
      bodyMd: `## Where local customers look first

When someone searches "electrician near me" or "accountant Wollongong", the first results they see are usually a map with three businesses, drawn from **Google Business Profile**. For most local businesses, a complete, active profile brings more enquiries than any other free marketing, and many customers call straight from it without visiting your website.

## Set up your profile properly

Claim or create your profile at google.com/business and complete the verification Google asks for. Then fill in every section:

- **Business name**: your real trading name, exactly as it appears on your signage and documents. Adding keywords or suburbs to the name breaks Google's guidelines and can get the profile suspended.
- **Primary category**: the one that best describes your main service, such as "Plumber" or "Bookkeeping service". Add a few secondary categories if they genuinely apply.
- **Address or service area**: show your address if customers visit you; otherwise hide it and set the suburbs or regions you serve.
- **Hours**, including public holiday hours, kept up to date
- **Phone number and website**, matching what is on your website
- **Services and products**, with descriptions in your customers' words
- **Description**: start with your one-sentence message from the last lesson
- **Photos**: your team, your work, your premises or vehicle. Real photos beat stock images.

## Keep it active

Profiles that are updated tend to perform better and give customers confidence. Each month:

- Add a few new photos of recent work (with customers' permission where they or their property can be identified)
- Post an update: a seasonal tip, a recent project, an offer with clear conditions
- Reply to every review (the next lesson covers reviews)
- Check that your hours and details are still right

## Make your website an enquiry machine

Your website does not need to be large or expensive. It needs to make enquiring easy:

- Your one-sentence message, your phone number and a clear call to action at the top of every page, including on a phone screen
- A separate page for each main service, describing the problem, your offer and the areas you serve
- Click-to-call phone numbers and a short enquiry form (name, contact details, what they need, suburb)
- Real reviews and photos of your work
- Your ABN, business name and contact details, which also help customers trust you
- A privacy policy explaining what you do with enquiry details

Keep your name, address and phone number identical across your website, Google Business Profile and directories such as industry associations. Consistent details help customers and search engines alike.

## Honest claims online

The Australian Consumer Law applies to your profile and website just as it does to print advertising. Use real photos of your own work, only claim licences and accreditations you hold, and make sure prices you show include compulsory fees.

## A worked example: a Wollongong accounting practice

Grace runs a two-person accounting practice in Wollongong. Her Google Business Profile had no photos, the wrong Saturday hours and the category "Consultant". She changed the primary category to "Accountant", added "Tax preparation service" as a secondary category, uploaded photos of the team and the office, listed her services (individual tax returns, sole trader tax, BAS and bookkeeping) and started each month with a short post.

On her website she added a page for sole traders and a click-to-call button. Google's profile insights showed calls from the profile roughly doubled over the next three months, and the new service page became her most common source of online enquiries.

## Try this this week

Search for your main service and suburb on your phone and see what a customer sees. Then work through the checklist in the worksheet below: fix your profile's name, category, hours and services, add at least five real photos, and make sure your website has click-to-call at the top of every page.`,
      worksheet: {
        kind: "template",
        title: "Local visibility checklist",
        intro: "What to fix on your Google Business Profile and website this week.",
        fields: [
          { id: "search-result", label: "What a customer sees when they search your service and suburb now", multiline: true },
          { id: "profile-basics", label: "Profile: name, primary category, service area and hours to fix", multiline: true },
          { id: "services-photos", label: "Services to list and photos to add" },
          { id: "website-fixes", label: "Website: click-to-call, service pages and enquiry form to add or fix", multiline: true },
          { id: "monthly-routine", label: "Your monthly profile routine, and who does it" },
        ],
      },
      check: [
        {
          prompt: "What should the business name on your Google Business Profile be?",
          options: [
            "Your real trading name, exactly as on your signage and documents",
            "Your name plus your main keywords and suburbs",
            "Whatever ranks best this month",
          ],
          answerIndex: 0,
          explanation: "Adding keywords to the name breaks Google's guidelines and can get the profile suspended.",
        },
        {
          prompt: "You run a mobile service and customers never visit you. What should your profile show?",
          options: ["Your home address", "A service area, with the address hidden", "No location at all"],
          answerIndex: 1,
          explanation: "Service-area businesses hide their address and list the suburbs or regions they serve.",
        },
        {
          prompt: "Which website change most directly increases enquiries from phones?",
          options: ["A longer 'About us' page", "A click-to-call number and call to action at the top of every page", "A bigger logo"],
          answerIndex: 1,
          explanation: "Most local searches happen on phones; make calling or enquiring one tap away.",
        },
      ],
    },
    {
      id: "marketing-enquiries-reviews-and-referrals",
      title: "Reviews and referrals, done honestly",
      summary: "Build a steady flow of genuine reviews and referrals, within the Australian Consumer Law and review platforms' rules.",
      estimatedMinutes: 12,
      bodyMd: `## Why reviews and referrals matter

Before they call, most people check what others say about you. A steady stream of recent, genuine reviews, with thoughtful replies from you, is one of the strongest reasons to choose a small business. Referrals are even better: a customer who arrives on a friend's recommendation already trusts you and is usually easier to serve.

Neither happens by luck. Happy customers rarely leave a review or refer a friend unless you ask, at the right moment, and make it easy.

## Ask at the right moment

Ask for a review when the customer is happiest: when the job is finished and they have said thank you, when the problem is solved, or when they first see the result. Make it easy:

- Send a short text or email with a direct link to your Google review page (you can get it from your Business Profile)
- Ask personally first: "Would you mind leaving us a quick Google review? It really helps a small business like ours."
- Ask every customer, not just the ones you expect to be positive

## The rules you must follow

The Australian Consumer Law prohibits misleading or deceptive conduct, and the ACCC has taken action against businesses over fake and manipulated reviews. Google's own policies are similar. In practice:

- **Never write fake reviews** or ask friends, family or staff to review your business as if they were customers
- **Do not offer incentives only for positive reviews.** If you offer anything for a review, it must be for any honest review, and the incentive should be disclosed. Google's policy does not allow incentives for reviews at all, so the simplest rule is: do not offer them.
- **Do not "gate" reviews** by asking only happy customers, or filter out negative reviews on your own website
- **Do not pay for reviews** or buy them from review services
- **Testimonials** on your website must be genuine, from real customers, and not edited in a way that changes their meaning. Ask permission before you publish them.

You can ask a platform to remove a review that breaks its policies, for example one from someone who was never a customer, but not simply because it is negative.

## Reply to every review

Reply to every review, positive or negative, within a few days. For positive reviews, thank them and mention the work. For negative ones:

1. Stay calm and polite, and do not argue in public.
2. Acknowledge the concern and apologise for the experience where it is fair to.
3. Give any relevant facts briefly, without sharing the customer's personal information.
4. Offer to resolve it offline, with a name and a phone number.

A fair, professional reply to a bad review often reassures future customers more than another five-star one.

## Build a referral habit

Referrals come from customers and from other businesses. Useful habits:

- Tell customers you grow through referrals, and thank every referrer personally
- Partner with businesses that serve the same customers without competing, such as a real estate agent and a building inspector, or a bookkeeper and a business coach
- If you offer a referral thank-you (a gift card, a discount), apply it consistently and tell the new customer about the relationship where it matters to them

## A worked example: a Launceston cleaning business

Zoe runs a residential cleaning business in Launceston with seven cleaners. She had 11 Google reviews, the most recent from two years ago. She added a step to her job completion SOP: after the first clean for every new customer, the team leader asks in person, and Zoe sends a text the same evening with the direct review link. Every review gets a reply within two days.

After six months she had 64 reviews averaging 4.8 stars, including two critical ones she had answered constructively. She also agreed a referral arrangement with two local real estate agencies for end-of-lease cleans, disclosed to tenants. Reviews and referrals now bring about 40 % of her new customers.

${GENERAL_INFORMATION}

## Try this this week

Get your direct Google review link, then write your review request message and your reply templates in the worksheet below. Ask your last five happy customers for a review, and reply to every review you have not yet answered.`,
      worksheet: {
        kind: "template",
        title: "Review and referral plan",
        intro: "How you will ask for reviews and referrals, and how you will reply.",
        fields: [
          { id: "ask-moment", label: "The moment in your process to ask for a review, and who asks" },
          { id: "request-message", label: "Your review request text or email (with your direct link)", multiline: true },
          { id: "reply-negative", label: "Your reply template for a negative review", multiline: true },
          { id: "referral-partners", label: "Three businesses that serve your customers without competing", multiline: true },
          { id: "rules-check", label: "How you will keep it honest: no fake reviews, no gating, no incentives for positive reviews" },
        ],
      },
      check: [
        {
          prompt: "Which of these is acceptable?",
          options: [
            "Asking every customer for an honest review with a direct link",
            "Offering a discount only to customers who leave a five-star review",
            "Asking your staff to review the business as if they were customers",
          ],
          answerIndex: 0,
          explanation:
            "Asking every customer for an honest review is fine. Incentives for positive reviews and fake reviews risk breaching the Australian Consumer Law and platform rules.",
        },
        {
          prompt: "What is 'review gating'?",
          options: [
            "Replying to reviews within two days",
            "Asking only customers you expect to be happy, or filtering out negative reviews",
            "Putting a review link on your website",
          ],
          answerIndex: 1,
          explanation: "Gating gives a misleading picture of your reviews and breaks platform policies.",
        },
        {
          prompt: "What is the best first step in replying to a negative review?",
          options: ["Argue each point in detail", "Stay calm, acknowledge the concern and offer to resolve it offline", "Ignore it"],
          answerIndex: 1,
          explanation: "A calm, professional reply reassures future customers and gives you a chance to put it right.",
        },
      ],
    },
    {
      id: "marketing-enquiries-email-sms-spam-act",
      title: "Email and SMS that follow the Spam Act",
      summary: "Stay in touch with customers by email and SMS with consent, clear identification and a working unsubscribe, as the Spam Act 2003 requires.",
      estimatedMinutes: 13,
      bodyMd: `## Your own list is your most valuable channel

Past customers and people who have enquired already know you. A short, useful email or text every month or so keeps you front of mind for repeat work and referrals, costs almost nothing and does not depend on an advertising platform.

But email and SMS marketing in Australia is regulated by the **Spam Act 2003**, enforced by the Australian Communications and Media Authority (ACMA), and the penalties for breaches can be substantial, including for small businesses.

## The three rules: consent, identify, unsubscribe

The Spam Act applies to **commercial electronic messages**: emails, SMS, MMS and instant messages that offer, advertise or promote goods or services. Every such message must meet three rules.

### 1. Consent

You need the recipient's consent, which can be:

- **Express**: they actively agreed, for example by ticking an unticked box or signing up to your newsletter. Keep a record of when and how each person agreed.
- **Inferred**: in limited cases, such as an existing business relationship where the message relates to it. Inferred consent is narrower than many businesses assume, so express consent is the safer base.

Do not buy or rent email lists, and do not add people just because you have their business card or found their address online. A pre-ticked box is not express consent.

### 2. Identify

Every message must clearly identify your business as the sender and include accurate contact details. For SMS, include your business name in the message.

### 3. Unsubscribe

Every message must include a functional unsubscribe option, such as a link in an email or "Reply STOP to opt out" in an SMS. It must:

- be clear and easy to use, and must not cost the person anything beyond a standard message
- keep working for at least 30 days after you send the message
- be actioned within five working days

Your email marketing software usually handles the unsubscribe mechanics, but the responsibility stays with you. Make sure people who unsubscribe are also removed from any other list you use.

## Other rules nearby

- **Transactional messages** (an invoice, a booking confirmation, a reminder about an appointment) are not commercial messages as long as they do not promote anything. Adding a promotion can make them commercial.
- **Phone calls**: telemarketing calls to numbers on the Do Not Call Register are generally not allowed without consent.
- **Privacy**: the Privacy Act's direct marketing rules apply to many businesses, including some small ones such as health service providers. Explain in your privacy policy how you use contact details.

## What to send

Useful beats salesy. Good monthly content for a small business:

- A seasonal tip ("Book your air-conditioner service before the first hot week")
- A recent project or customer story (with permission)
- A clear offer with honest conditions
- A reminder of what you do and how to book

Keep it short, send it consistently and watch your unsubscribe rate: if it climbs, you are sending too often or too little of value.

## A worked example: a Fremantle dog grooming salon

Chloe runs a dog grooming salon in Fremantle. She had a spreadsheet of 900 customer phone numbers and wanted to text a winter special. Checking the Spam Act first, she realised she had no record of consent for marketing texts.

She added an unticked box to her booking form ("Send me grooming reminders and occasional offers by SMS") and asked existing customers at their next visit. Her messages now start with "Fremantle Dog Spa:", include "Reply STOP to opt out", and her SMS software removes opt-outs automatically the same day. Within four months, 520 customers had opted in, and her monthly text fills most of her quiet mid-week slots.

${GENERAL_INFORMATION}

## Try this this week

Check how the people on your list gave consent, using the worksheet below. Add an unticked consent box to your enquiry or booking form, check that your messages identify your business and include a working unsubscribe, and plan your next three monthly messages.`,
      worksheet: {
        kind: "template",
        title: "Email and SMS plan",
        intro: "A one-page plan that keeps your marketing messages within the Spam Act.",
        fields: [
          { id: "list-consent", label: "Your lists and how each person gave consent (and where it is recorded)", multiline: true },
          { id: "consent-capture", label: "Where you will collect express consent from now on", hint: "e.g. An unticked box on the booking form" },
          { id: "identify", label: "How each message identifies your business and gives contact details" },
          { id: "unsubscribe", label: "Your unsubscribe method, and how opt-outs are removed within five working days", multiline: true },
          { id: "next-messages", label: "Your next three monthly messages", multiline: true },
        ],
      },
      check: [
        {
          prompt: "What three things does every commercial email or SMS need under the Spam Act?",
          options: [
            "Consent, clear identification of the sender and a functional unsubscribe",
            "A discount, a logo and a phone number",
            "An ABN, a GST amount and a privacy policy",
          ],
          answerIndex: 0,
          explanation: "Consent, identify and unsubscribe are the three core rules of the Spam Act 2003.",
        },
        {
          prompt: "Within how long must an unsubscribe request be actioned?",
          options: ["Five working days", "Thirty days", "At the end of the financial year"],
          answerIndex: 0,
          explanation: "Unsubscribe requests must be honoured within five working days.",
        },
        {
          prompt: "Is a pre-ticked 'send me offers' box on your form express consent?",
          options: ["Yes", "No", "Only for SMS"],
          answerIndex: 1,
          explanation: "Express consent needs the person to actively agree, such as ticking an unticked box.",
        },
      ],
    },
    {
      id: "marketing-enquiries-answer-fast-and-measure",
      title: "Answer every enquiry fast, and measure what works",
      summary: "Respond to enquiries quickly and consistently, track where each one came from, and put your time and money into what brings work.",
      estimatedMinutes: 12,
      bodyMd: `## Marketing ends with a reply

All the marketing in the previous lessons leads to one moment: someone calls, emails or fills in your form. What happens next decides whether the enquiry becomes work. Many small businesses lose a large share of enquiries simply by replying slowly, or not at all, while a competitor answers within the hour.

## Set a response standard

Decide, and write down, how fast every enquiry gets a reply. A practical standard for most small businesses:

- **Phone**: answered during business hours, or a message returned within two hours
- **Form, email and messages**: a personal reply within two business hours, or the same day at the latest
- **After hours**: an automatic acknowledgement that says when they will hear from you

Then make it someone's job. If you are on the tools all day, an office manager, a family member or a virtual receptionist service can answer and book. Turn the process into an SOP (the systems module shows how): who answers, what to ask, how to book, when to follow up.

## Ask the same questions every time

A short enquiry script makes replies faster and quotes more accurate:

1. Their name and best contact details
2. What they need, in their words, and when
3. Where the job is (suburb) or how they would like to meet
4. **How they heard about you**
5. The next step, agreed before you hang up: a site visit, a quote by a date or a booking

## Follow up quotes

Many quotes are lost to silence rather than to a competitor. Follow up every quote you send: a call or message two or three days later to answer questions, and another a week later. Keep it helpful, not pushy: "Just checking you received the quote and whether you have any questions."

## Track where enquiries come from

You cannot improve what you do not measure. Keep a simple enquiry tracker, in a spreadsheet or your job management software, with one row per enquiry:

- Date, name and what they need
- **Source**: Google Business Profile, website, referral (from whom), repeat customer, social media, an ad, a sign or van
- Response time
- Outcome: quoted, won, lost (and why), not suitable
- Value of the job if won

After a month or two, the tracker answers the questions that matter: which sources bring the most enquiries, which bring the best customers, what your win rate is, and where you lose people. Spend more time or money on what works and stop what does not.

Treat the personal information in your tracker with care, and let people know how you use it in your privacy policy.

## A worked example: a Cairns air-conditioning business

Luke runs an air-conditioning installation and service business in Cairns with six technicians. He felt his paid social media ads were his main source of work, but he had never checked. He introduced a one-page enquiry script for the office, with "How did you hear about us?" as question four, and set a standard of a personal reply within two business hours.

After two months, his tracker showed that Google Business Profile and repeat customers brought about 60 % of enquiries and most of the won work, while the paid ads brought many enquiries with a low win rate. Quotes followed up within three days were won far more often than those that were not. Luke cut his ad budget by half, put the savings into a follow-up process and a monthly customer email, and his win rate rose over the next quarter.

## Try this this week

Write your response standard and enquiry script in the worksheet below, set up a simple enquiry tracker, and ask "How did you hear about us?" on every enquiry for the next month. At the end of the month, count enquiries, wins and value by source.`,
      worksheet: {
        kind: "template",
        title: "Enquiry response and tracking plan",
        intro: "How every enquiry gets answered, followed up and counted.",
        fields: [
          { id: "response-standard", label: "Your response standard for phone, form, email and after hours", multiline: true },
          { id: "who-answers", label: "Who answers enquiries, and who covers when they are busy" },
          { id: "script", label: "Your enquiry script: the questions you ask every time", multiline: true },
          { id: "quote-follow-up", label: "How and when you follow up every quote" },
          { id: "tracker", label: "Where your enquiry tracker lives, and the sources you will track", multiline: true },
        ],
      },
      check: [
        {
          prompt: "Why should every enquiry script ask 'How did you hear about us?'",
          options: ["To make conversation", "To track which marketing actually brings enquiries and work", "Because the Spam Act requires it"],
          answerIndex: 1,
          explanation: "Recording the source of every enquiry shows you where to put your time and money.",
        },
        {
          prompt: "What does the lesson suggest doing after you send a quote?",
          options: ["Wait for the customer to call", "Follow up two or three days later, and again a week later", "Send the same quote again every day"],
          answerIndex: 1,
          explanation: "Many quotes are lost to silence; a helpful follow-up wins more of them.",
        },
      ],
    },
  ],
  quiz: [
    {
      prompt: "Which is the best starting point for a small business's marketing?",
      options: ["Choosing the customers you want more of and the problem you solve for them", "Buying an email list", "Running ads to everyone in your state"],
      answerIndex: 0,
      explanation: "A clear choice of customer and problem makes every other piece of marketing sharper.",
    },
    {
      prompt: "Your advertisement says 'Free quote', but you charge a compulsory call-out fee to provide it. What is the risk?",
      options: ["None; it is common practice", "It may be misleading under the Australian Consumer Law", "Only a risk if you are a company"],
      answerIndex: 1,
      explanation: "'Free' must be genuinely free, and compulsory fees must not be hidden.",
    },
    {
      prompt: "Which Google Business Profile practice can get a profile suspended?",
      options: ["Adding real photos of your work", "Stuffing keywords and suburbs into the business name", "Updating public holiday hours"],
      answerIndex: 1,
      explanation: "The name must be your real trading name; keyword stuffing breaks Google's guidelines.",
    },
    {
      prompt: "A customer leaves an unfair one-star review. What should you do?",
      options: [
        "Post a detailed public rebuttal with their job details",
        "Reply calmly, acknowledge the concern and offer to resolve it offline",
        "Ask friends to post five-star reviews to balance it",
      ],
      answerIndex: 1,
      explanation: "A calm reply reassures future customers; fake balancing reviews would risk breaching the Australian Consumer Law.",
    },
    {
      prompt: "Which message is a commercial electronic message under the Spam Act?",
      options: ["An invoice with no promotion", "A text promoting a winter special", "A booking confirmation with no promotion"],
      answerIndex: 1,
      explanation: "Messages that promote goods or services are commercial; purely transactional messages are not.",
    },
    {
      prompt: "Which is express consent for marketing emails?",
      options: ["A business card handed to you at a trade show", "A person ticking an unticked 'send me offers' box", "An address found on a website"],
      answerIndex: 1,
      explanation: "Express consent requires the person to actively agree. Keep a record of it.",
    },
    {
      prompt: "How long must an unsubscribe facility keep working after a message is sent?",
      options: ["At least 30 days", "At least 24 hours", "Until the end of the month"],
      answerIndex: 0,
      explanation: "The unsubscribe facility must keep working for at least 30 days after the message is sent.",
    },
    {
      prompt:
        "Your tracker shows paid ads bring many enquiries but few wins, while referrals bring fewer enquiries and most of your work. What should you consider?",
      options: ["Doubling the ad budget", "Shifting time and money towards referrals and follow-up", "Stopping all marketing"],
      answerIndex: 1,
      explanation: "Measure by won work and value, not by enquiry count, and invest in what brings good customers.",
    },
  ],
};
