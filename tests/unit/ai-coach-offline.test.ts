import { expect, test } from "vitest";
import { staticContentDocs } from "~/ai-coach/content-index.server";
import { bestSentences, rankPages, splitSentences, type IndexedPage } from "~/ai-coach/content-ranking";
import { asksForPerson } from "~/ai-coach/escalation-intent";
import { offlineCoachAnswer } from "~/ai-coach/offline-coach";
import { buildPromptPacks } from "~/ai-coach/prompt-packs";
import { BLOG_POSTS } from "~/content/blog-posts";
import { CASE_STUDIES } from "~/content/case-studies";
import { RESOURCES } from "~/content/resources";

// The offline coach (no model configured): which of the site's pages answer a question, the whole
// sentences it quotes from them, what it says, and when a message asks for a person.

/** The content index as the seed builds it (content-index.server.ts), without D1. */
const SITE: IndexedPage[] = [
  ...BLOG_POSTS.map((post) => ({ kind: "blog", path: `/blog/${post.slug}`, title: post.title, body: `${post.description}\n\n${post.body}` })),
  ...CASE_STUDIES.map((study) => ({
    kind: "case-study",
    path: `/case-studies/${study.industry}/${study.slug}`,
    title: study.title,
    body: `${study.description}\n\n${study.challenge}\n\n${study.approach}`,
  })),
  ...RESOURCES.map((resource) => ({ kind: "resource", path: "/resources", title: resource.title, body: resource.description })),
  ...staticContentDocs(),
];

const TAX_WORDS = /\b(?:BAS|GST|PAYG)\b/;

test("a BAS question is answered from BAS and GST pages, never the 90-day plan", () => {
  for (const question of [
    "Can you help me plan for BAS this quarter?",
    "I need a plan to pay my BAS next quarter",
    "my bas is overdue",
    "When is my BAS due?",
  ]) {
    const ranked = rankPages(question, SITE, 3);
    expect(ranked.length, question).toBeGreaterThan(0);
    expect(ranked[0]!.page.path, question).toBe("/blog/13-week-cash-flow-forecast");
    for (const { page } of ranked) {
      expect(page.path, question).not.toBe("/blog/how-to-write-a-90-day-plan");
      expect(`${page.title}\n${page.body}`, `${question} → ${page.path}`).toMatch(TAX_WORDS);
    }
  }
});

test("title and key words outrank passing mentions: pricing, hiring, the 90-day plan, EOFY", () => {
  expect(rankPages("How do I price my services?", SITE)[0]!.page.path).toBe("/blog/how-to-price-a-service-business");
  expect(rankPages("Should I hire my first employee?", SITE)[0]!.page.path).toBe("/blog/hiring-your-first-employee-australia");
  expect(rankPages("How should I plan the next 90 days?", SITE)[0]!.page.path).toBe("/blog/how-to-write-a-90-day-plan");
  expect(rankPages("What should I do before the end of financial year?", SITE)[0]!.page.path).toBe("/blog/eofy-checklist-small-business");
  expect(rankPages("How do I get on top of cashflow?", SITE)[0]!.page.path).toMatch(/cash-flow/);
});

test("a site with nothing on the topic offers nothing rather than the nearest plan", () => {
  const withoutTax = SITE.filter((page) => !TAX_WORDS.test(`${page.title}\n${page.body}`));
  expect(withoutTax.length).toBeGreaterThan(5);
  expect(rankPages("When is my BAS due?", withoutTax)).toEqual([]);
  expect(rankPages("What's the best crypto exchange?", SITE)).toEqual([]);
  expect(rankPages("the and of", SITE)).toEqual([]);
});

test("sentences are split whole, never inside e.g. or a price, and the answer's excerpt is whole sentences", () => {
  expect(splitSentences("Set aside 10%, e.g. each Friday. It costs $1.50 a day! Then **relax**.")).toEqual([
    "Set aside 10%, e.g. each Friday.",
    "It costs $1.50 a day!",
    "Then relax.",
  ]);
  const due = bestSentences(SITE.find((page) => page.path === "/blog/13-week-cash-flow-forecast")!.body, "When is my BAS due?");
  expect(due.join(" ")).toContain("28 October, 28 April and 28 July");
  for (const question of ["When is my BAS due?", "How do I price my services?", "How should I plan the next 90 days?", "Which award covers my café staff?"]) {
    for (const { page } of rankPages(question, SITE)) {
      const sentences = bestSentences(page.body, question);
      expect(sentences.length, `${question} → ${page.path}`).toBeGreaterThan(0);
      for (const sentence of sentences) {
        expect(sentence, page.path).toMatch(/^["“(]?[\p{Lu}\d$]/u);
        expect(sentence, page.path).toMatch(/[.!]["”)]?$/);
        expect(sentence).not.toMatch(/…|\*\*|\?$/);
      }
    }
  }
});

test("the offline answer: labelled in one short line, whole sentences, links to its sources, no promise that asking later helps", () => {
  const question = "When is my BAS due?";
  const articles = rankPages(question, SITE, 3).map(({ page }) => ({
    kind: page.kind,
    path: page.path,
    title: page.title,
    excerpt: bestSentences(page.body, question).join(" "),
  }));
  const answer = offlineCoachAnswer(question, articles, { tier: "lite", afterModelFailure: false });
  const [label, ...rest] = answer.split("\n");
  expect(label).toMatch(/^\*\*Offline coach:\*\* No AI model is connected/);
  expect(label!.length).toBeLessThan(140);
  expect(answer).toContain("[How to build a 13-week cash-flow forecast, with BAS and super dates built in](/blog/13-week-cash-flow-forecast)");
  expect(answer).toContain("28 October, 28 April and 28 July");
  expect(answer).not.toMatch(/…|ask again|in a few minutes|try again later/i);
  expect(rest.join("\n")).toContain("(/booking)");
});

test("with nothing on the topic, the offline answer says so plainly and offers the next step", () => {
  const answer = offlineCoachAnswer("When is my BAS due?", [], { tier: "lite", afterModelFailure: false });
  expect(answer).toMatch(/don't cover BAS/);
  expect(answer).toMatch(/BAS agent|tax agent|ATO/);
  expect(answer).toContain("(/booking)");
  expect(answer).not.toMatch(/ask again|in a few minutes/i);
  const failed = offlineCoachAnswer("Anything", [], { tier: "pro", afterModelFailure: true });
  expect(failed.split("\n")[0]).toMatch(/^\*\*Offline coach:\*\* The AI model didn't answer/);
});

test("a request for a person, in words, is recognised; questions that only use the words are not", () => {
  const requests = [
    "please escalate this to an expert",
    "Please escalate this.",
    "Can you escalate my question to a human?",
    "can a human look at this",
    "Can a human look at this?",
    "Could someone from your team review this?",
    "talk to a real coach",
    "I'd like to talk to a real coach about this.",
    "I’d like to speak with a person",
    "Can I speak to a person please?",
    "Hi, can I talk to a human?",
    "I want a human expert to review my restructure plan",
    "Please get an expert to check my staffing dispute",
    "Please have a human check my numbers.",
    "Could you pass this to one of your experts?",
    "Connect me with a real person.",
    "I need a real person to look at this",
    "I want an expert review",
    "Thanks. I'd like this escalated.",
    "This is getting complicated. Can an expert look at it?",
    "human please",
    "Please escalate this to an expert: should I restructure before buying a second site?",
  ];
  for (const message of requests) expect(asksForPerson(message), message).toBe(true);
  const notRequests = [
    "what does escalate mean",
    "What does escalate mean?",
    "How do I escalate a complaint to the Fair Work Ombudsman?",
    "Should I escalate this with my supplier?",
    "My customers want to talk to a real person, not a chatbot. How do I set that up?",
    "I need to speak to someone at the ATO about my BAS",
    "Is ClarityAI a human?",
    "Do your experts review BAS?",
    "What is expert review?",
    "My costs keep escalating",
    "I'm a real person running a café",
    "How do I get my staff to talk to customers?",
    "Please don't escalate this",
    "I don't want to talk to a human",
    "I need an expert accountant",
    "Should I get an expert to look at my books?",
    "How do I become a coach?",
  ];
  for (const message of notRequests) expect(asksForPerson(message), message).toBe(false);
});

// ── Quick prompts ─────────────────────────────────────────────────────────────────────────────

const allText = (packs: ReturnType<typeof buildPromptPacks>) =>
  Object.values(packs)
    .flat()
    .flatMap((template) => [template.description, template.prompt_template]);
const byTitle = (packs: ReturnType<typeof buildPromptPacks>, title: string) =>
  Object.values(packs)
    .flat()
    .find((template) => template.title === title)!;

test("quick prompts with an empty profile read naturally: no placeholder, bracket or 'your revenue range' in the owner's words", () => {
  const packs = buildPromptPacks({ industry: null, businessType: null });
  for (const text of allText(packs)) {
    expect(text).not.toMatch(/[{}[\]]/);
    expect(text).not.toMatch(/\bmy your\b|revenue is your|your industry|in café/i);
    expect(text).toMatch(/^\p{Lu}.*[.?]$/u);
  }
  expect(byTitle(packs, "Cash leak finder").prompt_template).toBe("Sales are coming in but cash is always tight. Where should I look first?");
  expect(byTitle(packs, "90-day plan").prompt_template).toBe("Build a 90-day plan for my business with three priorities and weekly actions.");
  // SPEC §3's default phrases where they read naturally: the descriptions, addressed to the owner.
  expect(byTitle(packs, "Process clean-up").description).toBe("Map your process and find the steps that waste time.");
  expect(byTitle(packs, "Ideal customer").description).toContain("your target audience");
  // Every prompt in the owner's own words: never "your process" in their mouth.
  for (const template of Object.values(packs).flat()) expect(template.prompt_template).not.toMatch(/\byour (process|target audience|business area)\b/);
});

test("quick prompts filled from the profile: the industry (or business type) in place, reading as a sentence", () => {
  const cafe = buildPromptPacks({ industry: "Café", businessType: "Hospitality and food" });
  expect(byTitle(cafe, "90-day plan").prompt_template).toBe("Build a 90-day plan for my café business with three priorities and weekly actions.");
  expect(byTitle(cafe, "90-day plan").description).toBe("Three priorities and weekly actions for the next quarter of your café business.");
  expect(byTitle(cafe, "Role clarity").prompt_template).toBe("Write a one-page role description for a new role in my café business.");
  expect(byTitle(buildPromptPacks({ industry: "IT services" }), "Growth options").prompt_template).toBe(
    "Compare three ways to grow my IT services business next year and what each would take.",
  );
  expect(byTitle(buildPromptPacks({ industry: "plumbing business" }), "90-day plan").prompt_template).toContain("my plumbing business with");
  expect(byTitle(buildPromptPacks({ industry: "", businessType: "Trades and construction" }), "90-day plan").prompt_template).toContain(
    "my trades and construction business",
  );
  expect(byTitle(buildPromptPacks({ industry: null, businessType: "Other" }), "90-day plan").prompt_template).toContain("for my business with");
  expect(byTitle(buildPromptPacks({ revenueRange: "about $400,000 a year" }), "Cash leak finder").prompt_template).toBe(
    "My revenue is about $400,000 a year but cash is always tight. Where should I look?",
  );
});
