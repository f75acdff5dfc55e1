// Sample exchanges with ClarityAI: the home page's demo and the transcript on the ClarityAI page.

export const AI_COACH_SAMPLES = [
  {
    question: "My café's wage costs are 38% of revenue. What should I look at first?",
    answer:
      "Start with your rosters against hourly sales. Most cafés find two or three quiet blocks a week where one fewer person on shift saves $400–$600 without hurting service. Then check penalty-rate hours: moving prep work out of Sunday can make a real difference. Want me to set up a simple roster-versus-sales tracker with you?",
  },
  {
    question: "How do I price a new maintenance package for my plumbing business?",
    answer:
      "Work back from the outcome customers pay for — no emergency call-outs. Cost two scheduled visits a year, add your target margin, then compare with what one emergency call-out costs them. Packages priced at about 60% of a single after-hours call usually sell well. Shall we draft three tiers?",
  },
  {
    question: "We keep missing follow-ups on quotes. Any quick fixes?",
    answer:
      "Set a rule: every quote gets a follow-up on day 2 and day 7, and track it in one place — even a shared board works. Most trades businesses lift their win rate by 10–20% just from consistent follow-up. I can write the two follow-up messages for you now.",
  },
] as const;
