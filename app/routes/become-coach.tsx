import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { IconName } from "~/content/types";
import { FaqSection } from "~/components/faq-section";
import { PageHero } from "~/components/page-hero";
import { describeShareRange, formatRate, shareTierRanges, SHARE_TIERS, SHARE_TIERS_DESCRIPTION } from "~/coach-network/share-tiers";
import { BUSINESS } from "~/content/business";
import { formatAud } from "~/utils/format";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, faqLd, structuredData } from "~/utils/structured-data";
import { BannerCallToAction } from "~/components/call-to-action";
import { IconCardGrid, StepList } from "~/components/marketing-blocks";
import { TableScroll } from "~/components/ui/table-scroll";

// The share tiers come from the earnings ledger's own table (app/coach-network/share-tiers.ts): the
// Nth completed session earns its tier's share, and the tier in force when it is completed applies.
const revenueShare = describeShareRange();
const exampleFee = BUSINESS.virtualCoachingFromPerHour;
// A session's price includes GST; the share is of the price excluding GST (1/11 of the price).
const exampleExGst = (exampleFee * 10) / 11;
const shareOf = (rateBp: number) => formatAud(Math.round(exampleExGst * rateBp) / 10_000);
const rates = SHARE_TIERS.map((tier) => tier.rateBp);
const exampleLow = shareOf(Math.min(...rates));
const exampleHigh = shareOf(Math.max(...rates));
const tierRanges = shareTierRanges();

const BENEFITS: { icon: IconName; title: string; body: string }[] = [
  {
    icon: "chart",
    title: `Keep ${revenueShare} of every session`,
    body: `Most coaching firms keep the lion's share. We don't. On a ${formatAud(
      exampleFee,
    )} session (GST included) you'd keep between ${exampleLow} and ${exampleHigh} of the price excluding GST, with every session on your monthly statement.`,
  },
  {
    icon: "users",
    title: "Clients sourced for you",
    body: "We run the marketing, the free discovery calls and the matching. You're introduced to owners whose business and goals suit your experience.",
  },
  {
    icon: "clock",
    title: "Scheduling and payments handled",
    body: "Clients book into the availability you set, pay upfront and get reminders automatically. No invoices to chase and no back-and-forth emails.",
  },
  {
    icon: "spark",
    title: "The ClarityAI tools",
    body: "Use ClarityAI to prepare for sessions, draft action plans and summaries, and support your clients between sessions — so your hours go into coaching, not admin.",
  },
  {
    icon: "compass",
    title: "Work from anywhere in Australia",
    body: "Coach from Broome, Ballarat or Bondi. All you need is a quiet space and a reliable internet connection.",
  },
  {
    icon: "chat",
    title: "Virtual only",
    body: "Every session is by video or phone in the browser. No travel, no room hire and no software for you or your clients to install.",
  },
];

const LOOKING_FOR = [
  "At least five years' experience coaching, consulting to, or running small and medium businesses — ideally a mix",
  "A track record you can talk about: margins improved, hours won back, teams built, businesses sold or scaled",
  "Solid working knowledge of how Australian SMEs operate: GST and BAS, super, award wages, cash-flow cycles",
  "A practical, plain-English coaching style and the confidence to hold owners to account",
  "Comfort coaching over video and working with cloud tools",
  "An ABN and professional indemnity insurance (or the willingness to arrange it before your first client)",
  "Based in Australia, with regular weekly availability in Australian business hours or evenings",
] as const;

const PAYMENTS = [
  {
    title: "Every session on your statement",
    body: "Your portal shows each session as it happens: the price the client paid, the GST, our fee and your share. On the 1st of each month (Sydney time) we issue the month's statement, with a PDF, a CSV and an export ready for Xero or MYOB.",
  },
  {
    title: "Tax paperwork done for you",
    body: "If you're registered for GST and accept our recipient-created tax invoice (RCTI) agreement, your statement is a tax invoice we issue for you, with GST on your share added. Otherwise it's a plain payment statement.",
  },
  {
    title: "Paid to your bank account",
    body: "Payouts go through Stripe Connect in Australian dollars, one transfer per statement. Set up your payout account in the portal in a few minutes. Payouts are held until your ABN is confirmed, so we never have to withhold 47% of your earnings for a missing ABN.",
  },
] as const;

const PROCESS = [
  {
    title: "Apply",
    body: "Tell us about your experience, the businesses you've helped and the industries you know best, and attach your CV if you like. The form takes about 15 minutes, and your answers are saved in your browser as you go.",
  },
  {
    title: "Review",
    body: "A senior coach reads every application. We aim to reply within five business days, whatever the outcome.",
  },
  {
    title: "Interview",
    body: "A 45-minute video conversation about how you coach, including a short practice session built around a real small-business scenario.",
  },
  {
    title: "Approval and onboarding",
    body: "Once approved, you'll get an email to set up your coach portal. A short checklist takes you through your profile and photo, your availability, the coach agreement, your ABN and your payout account. When it's done, clients can book you.",
  },
] as const;

const FAQS = [
  {
    question: "How is my revenue share worked out?",
    answer: `${SHARE_TIERS_DESCRIPTION} Your coach portal shows the price, GST, our fee and your share for every session, and your monthly statement adds them up to the cent.`,
  },
  {
    question: "Does it cost anything to join?",
    answer: "No. There's no joining fee, no monthly fee and no charge for the ClarityAI tools. We only earn our share when you deliver a paid session.",
  },
  {
    question: "Am I an employee?",
    answer:
      "No. Coaches join as independent professionals under a coach agreement, which is why we ask for an ABN. You choose your hours and how many clients you take on.",
  },
  {
    question: "How many hours do I need to commit?",
    answer:
      "There's no minimum. You set your availability in the coach portal. Clients value consistency, so we ask that you keep some regular weekly times open and give plenty of notice before changing them.",
  },
  {
    question: "Can I keep my own coaching practice?",
    answer:
      "Yes. Joining our network doesn't stop you working with your existing clients. Clients we introduce to you are booked and paid through our platform.",
  },
  {
    question: "Will I ever need to meet clients in person?",
    answer:
      "No. We're a virtual-only service. Sessions happen by video in the browser, so you can coach owners anywhere in Australia without leaving your desk.",
  },
  {
    question: "How long does the process take?",
    answer:
      "Most coaches go from application to their first client in two to four weeks, depending on interview times and how quickly onboarding is completed.",
  },
] as const;

export default function BecomeCoach() {
  return (
    <>
      <PageHero
        eyebrow="Join our coach network"
        title="Coach Australian business owners — and keep most of what you earn"
        lead={`Experienced business coaches keep ${revenueShare} of their session fees with ClarityAI Coaching. We find the clients, handle scheduling and payments and give you the ClarityAI tools. You do the coaching, from anywhere in Australia.`}
        crumbs={[{ label: "Home", to: "/" }, { label: "Become a coach" }]}
      >
        <Link to="/coach-registration" className="button button-primary">
          Apply Now
        </Link>
        <a href="#process-heading" className="button button-secondary">
          See how applying works
        </a>
      </PageHero>

      <section className="section" aria-labelledby="benefits-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="benefits-heading">Why coaches join us</h2>
            <p className="lead">Everything that makes running a coaching practice hard, taken care of — and a fair split of the fee.</p>
          </div>
          <IconCardGrid className="grid grid-thirds" cards={BENEFITS} />
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="share-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="share-heading">Your share grows with you</h2>
            <p className="lead">The more sessions you complete with our clients, the more of each one you keep.</p>
          </div>
          <TableScroll label="Share tiers">
            <table className="admin-table share-tiers">
              <caption className="visually-hidden">Your share of each session&apos;s price excluding GST, by completed sessions</caption>
              <thead>
                <tr>
                  <th scope="col">Completed sessions</th>
                  <th scope="col">Your share</th>
                  <th scope="col">On a {formatAud(exampleFee)} session</th>
                </tr>
              </thead>
              <tbody>
                {SHARE_TIERS.map((tier, i) => (
                  <tr key={tier.after}>
                    <th scope="row">{tierRanges[i]}</th>
                    <td>{formatRate(tier.rateBp)}</td>
                    <td>{shareOf(tier.rateBp)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <p className="hint">
            Shares are of the price excluding GST (GST is 1/11 of the price a client pays). A refunded session&apos;s share is reversed on your next statement.
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="payments-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="payments-heading">Statements and payouts</h2>
            <p className="lead">No invoices to write and no payments to chase.</p>
          </div>
          <StepList steps={PAYMENTS} />
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="looking-heading">
        <div className="container grid grid-2">
          <div>
            <h2 id="looking-heading">Who we're looking for</h2>
            <p>
              Our clients are owners of small and medium businesses — trades, clinics, cafés, retailers, agencies and professional practices — who want
              practical help, not jargon. We're looking for coaches who have done the work themselves and can explain it simply.
            </p>
            <p>If you've coached or advised businesses like these and you'd like more clients without more admin, we'd like to hear from you.</p>
          </div>
          <div className="card">
            <h3>What we ask for</h3>
            <ul className="check-list">
              {LOOKING_FOR.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="process-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="process-heading">How applying works, and what happens next</h2>
            <p className="lead">
              Four steps, usually two to four weeks from start to your first client. You&apos;ll get an email at each step, and a link to check where your
              application stands or withdraw it.
            </p>
          </div>
          <StepList steps={PROCESS} />
        </div>
      </section>

      <FaqSection heading="Questions coaches ask us" faqs={FAQS}>
        <p className="faq-more">
          Something else on your mind? <Link to="/contact">Ask our team a question</Link> or email <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>.
        </p>
      </FaqSection>

      <BannerCallToAction
        headingId="apply-heading"
        heading="Ready to coach with us?"
        buttons={
          <Link to="/coach-registration" className="button button-primary">
            Apply Now
          </Link>
        }
      >
        <p>Tell us about your experience. A senior coach reviews every application personally, and you'll hear back from us within five business days.</p>
      </BannerCallToAction>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Become a Business Coach: Join Our Virtual Coach Network",
    description: `Experienced business coaches keep ${revenueShare} of session fees. We source clients and handle scheduling, payments and AI tools. Coach virtually from anywhere in Australia.`,
    path: "/become-coach",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Become a coach" }], "/become-coach"), faqLd(FAQS)]),
];
