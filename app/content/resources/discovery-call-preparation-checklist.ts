import type { PdfResourceSource } from "./types";

export const DISCOVERY_CALL_CHECKLIST: PdfResourceSource = {
  kind: "pdf",
  title: "Discovery call preparation checklist",
  eyebrow: "Free 20-minute discovery call",
  subject: "A checklist to prepare for a free 20-minute discovery call with ClarityAI Coaching: your numbers, main challenge and questions to ask.",
  keywords: ["discovery call", "business coaching", "small business", "checklist"],
  blocks: [
    {
      type: "paragraph",
      style: "lead",
      text: "Twenty minutes goes quickly. Owners who spend 15 minutes preparing with this checklist get far more out of the call: we can skip the background questions and spend the time on what is actually holding the business back.",
    },
    { type: "paragraph", text: "You don’t need perfect numbers. Rough figures and honest answers are better than polished ones." },
    { type: "heading", level: 2, text: "1. Before the call: the practical bits" },
    {
      type: "checklist",
      items: [
        "Check your booking confirmation email for the date, time and video link, and check the time zone if you’re outside the eastern states.",
        "Test the video link on the device you’ll use. A laptop is best if you’d like to share your screen.",
        "Find a quiet spot with a decent connection. The ute, with a phone hotspot and the engine off, is fine.",
        "Have this checklist, a notepad or a blank document open.",
        "If your business partner or a key manager should be involved in any coaching decision, invite them to join.",
      ],
    },
    { type: "heading", level: 2, text: "2. Your business in five lines" },
    { type: "paragraph", text: "Write one line for each:" },
    {
      type: "checklist",
      items: [
        "**What you do and who for:** e.g. “Commercial cleaning for offices and medical centres on the Sunshine Coast”",
        "**How long you’ve been operating:**",
        "**Team size:** including you, contractors and casuals",
        "**Where you operate:** one site, several sites, online, across Australia",
        "**Annual revenue range:** under $500k, $500k–$1m, $1m–$3m, $3m–$10m or over $10m",
      ],
    },
    { type: "heading", level: 2, text: "3. The numbers (rough is fine)" },
    { type: "paragraph", text: "Jot down what you know. If you don’t know a number, that’s useful information too." },
    {
      type: "checklist",
      items: [
        "Revenue for the last financial year, and for the financial year to date",
        "Gross margin: what’s left after direct costs such as materials, stock and direct labour",
        "Net profit for the last financial year, before tax",
        "Cash in the bank today, and the lowest it has been in the last six months",
        "How long customers take to pay, on average (debtor days)",
        "Roughly how many hours a week you work, and how many of those are “on the tools” or serving customers",
      ],
    },
    { type: "heading", level: 2, text: "4. The main challenge" },
    {
      type: "checklist",
      items: [
        {
          text: "**In one sentence, what’s the biggest problem in the business right now?**",
          hint: "e.g. “We’re busy but there’s never any money at the end of the month.”",
        },
        "**How long has it been a problem?**",
        "**What have you already tried?** What worked, even partly, and what didn’t?",
        "**What happens if nothing changes in the next 12 months?**",
      ],
    },
    { type: "paragraph", text: "Common challenges we hear, in case they help you put it into words:" },
    {
      type: "list",
      items: [
        "Working too many hours, and everything depends on you",
        "Cash flow is tight even though sales are good",
        "Not sure whether prices are right",
        "Staff: hiring, keeping good people, or getting them to take responsibility",
        "Too many tools and spreadsheets, not enough system",
        "Growth has stalled, or it’s growing faster than the business can cope with",
        "Planning a sale, succession or exit",
      ],
    },
    { type: "heading", level: 2, text: "5. What good looks like" },
    {
      type: "checklist",
      items: [
        {
          text: "**In 90 days, what would make you say “that was worth it”?**",
          hint: "Try to make it measurable: hours per week, debtor days, margin, a hire made, a system in place.",
        },
        "**In three years, what does a normal week look like for you?**",
      ],
    },
    { type: "heading", level: 2, text: "6. What you can commit" },
    {
      type: "checklist",
      items: [
        "Time: can you set aside one to two hours a week for sessions and follow-up actions?",
        "Budget: virtual coaching starts from $150 an hour including GST. Have a rough monthly figure in mind.",
        "Timing: is there anything in the next three months that affects when you start, such as peak season, a move or leave?",
      ],
    },
    { type: "heading", level: 2, text: "7. Questions to ask us" },
    { type: "paragraph", text: "Some questions owners often ask. Pick the ones that matter to you:" },
    {
      type: "checklist",
      items: [
        "Have you worked with businesses like mine, in my industry and at my size?",
        "Who would my coach be, and what’s their background?",
        "How often would we meet, and what happens between sessions?",
        "How does ClarityAI, the 24/7 AI business coach, fit in alongside a human coach?",
        "How will we measure whether it’s working?",
        "How does the money-back guarantee on the first paid consultation work?",
      ],
    },
    { type: "heading", level: 2, text: "8. During the call" },
    {
      type: "checklist",
      items: [
        "Be candid. Everything you share is treated confidentially, and we can’t help with a problem we don’t hear about.",
        "Don’t share tax file numbers, bank details or customers’ personal information. We don’t need them.",
        "Note the one or two actions we suggest, even if you decide not to go ahead with coaching.",
      ],
    },
    { type: "heading", level: 2, text: "9. After the call" },
    {
      type: "checklist",
      items: [
        "Look out for our follow-up email with the suggested next step.",
        "Make a decision within a week while it’s fresh, even if the decision is “not now”.",
        "Do one thing from the call this week, whatever you decide about coaching.",
      ],
    },
    { type: "heading", level: 2, text: "Notes" },
    { type: "lines", count: 6 },
    { type: "rule" },
    {
      type: "paragraph",
      style: "note",
      text: "Book or reschedule your call at **clarityai.com.au/booking**, email hello@clarityai.com.au or call 1300 252 748 (Monday to Friday, 9 am to 5 pm AEST).",
    },
  ],
};
