import { BUSINESS } from "~/content/business";
import { defineEmail } from "./define";
import { Button, Heading, Paragraph } from "./layout";
import { greeting } from "./shared";

type OnboardingProps = { firstName: string; siteUrl: string };

const steps = (site: string) => [
  {
    title: `Book your free ${BUSINESS.discoveryCallMinutes}-minute discovery call`,
    text: "Tell a coach where the business is at and where you'd like it to go — no cost and no obligation.",
    href: `${site}/booking`,
  },
  {
    title: "Complete your profile",
    text: "Your industry, business type and state help us tailor coaching and ClarityAI's advice to you.",
    href: `${site}/profile`,
  },
  {
    title: "Explore ClarityAI",
    text: "Your 24/7 AI business coach, for help with planning, cash flow, marketing and operations whenever you need it.",
    href: `${site}/services/clarityai`,
  },
];

const WELCOME = `Welcome to ${BUSINESS.name}! We're glad you're here. Running a small business is a lot to carry on your own, and we're here to help you organise the work, prioritise what matters and get time back in your week.`;
const QUESTIONS = `Questions? Just reply to this email or write to ${BUSINESS.email} (${BUSINESS.hours}).`;

/**
 * SPEC §7 send-user-onboarding: the welcome with three next steps. It promotes the services, so it
 * is marketing mail under the Spam Act 2003: it carries an unsubscribe link.
 */
export const onboardingEmail = defineEmail<OnboardingProps>({
  category: "marketing",
  subject: () => `Welcome to ${BUSINESS.name}`,
  preview: () => "Three ways to get the most out of your account, starting with a free discovery call.",
  reason: `You're receiving this because you created a ${BUSINESS.name} account.`,
  text: ({ firstName, siteUrl }) =>
    [
      greeting(firstName),
      "",
      WELCOME,
      "",
      "Here's how to get the most out of your account:",
      "",
      ...steps(siteUrl).flatMap((step, index) => [`${index + 1}. ${step.title}. ${step.text}`, `   ${step.href}`, ""]),
      QUESTIONS,
      "",
      "Cheers,",
      `The ${BUSINESS.name} team`,
    ].join("\n"),
  Body: ({ firstName, siteUrl }) => (
    <>
      <Heading>{firstName ? `Welcome, ${firstName}` : `Welcome to ${BUSINESS.name}`}</Heading>
      <Paragraph>{WELCOME}</Paragraph>
      <Paragraph>Here&apos;s how to get the most out of your account:</Paragraph>
      {steps(siteUrl).map((step, index) => (
        <Paragraph key={step.href}>
          <strong>
            {index + 1}. <a href={step.href}>{step.title}</a>.
          </strong>{" "}
          {step.text}
        </Paragraph>
      ))}
      <Button href={`${siteUrl}/booking`}>Book your free discovery call</Button>
      <Paragraph>{QUESTIONS}</Paragraph>
      <Paragraph>
        Cheers,
        <br />
        The {BUSINESS.name} team
      </Paragraph>
    </>
  ),
});
