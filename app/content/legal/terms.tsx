import { Link } from "@remix-run/react";
import type { LegalSection } from "~/content/types";
import { BUSINESS, MONEY_BACK_GUARANTEE } from "~/content/business";
import { formatAud } from "~/utils/format";

// The terms of service shown at /terms.

export const TERMS_LAST_UPDATED = "21 November 2026";
const mailto = `mailto:${BUSINESS.email}`;

// One list drives both the table of contents and the clauses, so their ids never drift apart.
export const TERMS_CLAUSES: LegalSection[] = [
  {
    id: "about-these-terms",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms apply when you use the {BUSINESS.name} website, book a discovery call or coaching session, or subscribe to ClarityAI, our AI business
          coach. In these terms, “we”, “us” and “our” mean {BUSINESS.name} (ABN {BUSINESS.abn}), and “you” means the person using our services and, where you
          act for a business, that business.
        </p>
        <p>
          By booking, paying or creating an account you agree to these terms. Please read them together with our <Link to="/privacy">privacy policy</Link>,
          which explains how we handle your personal information.
        </p>
      </>
    ),
  },
  {
    id: "consumer-law",
    title: "Your rights under the Australian Consumer Law",
    body: (
      <>
        <p>
          Nothing in these terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law (Schedule 2 to the{" "}
          <em>Competition and Consumer Act 2010</em> (Cth)) or any other law that cannot be excluded.
        </p>
        <p>
          Our services come with guarantees that cannot be excluded under the Australian Consumer Law. For major failures with the service, you are entitled to
          cancel your service contract with us and to a refund for the unused portion, or to compensation for its reduced value. You are also entitled to be
          compensated for any other reasonably foreseeable loss or damage. If the failure does not amount to a major failure, you are entitled to have problems
          with the service rectified in a reasonable time and, if this is not done, to cancel your contract and obtain a refund for the unused portion of the
          contract.
        </p>
        <p>Where these terms say something “to the extent permitted by law”, they are subject to these rights.</p>
      </>
    ),
  },
  {
    id: "our-services",
    title: "Our services",
    body: (
      <>
        <p>We offer:</p>
        <ul>
          <li>a free {BUSINESS.discoveryCallMinutes}-minute discovery call to talk about your business and whether coaching is a good fit;</li>
          <li>paid one-to-one business coaching sessions with a coach from our network, from {formatAud(BUSINESS.virtualCoachingFromPerHour)} per hour; and</li>
          <li>ClarityAI, an AI business coach available 24/7 by subscription on a lite or pro plan.</li>
        </ul>
        <p>
          Coaching helps you make and follow through on decisions about your business. The decisions, and the results of them, remain yours. The results we
          describe on our website reflect the clients we have worked with so far and are not a promise of a particular outcome for your business.
        </p>
      </>
    ),
  },
  {
    id: "virtual-sessions",
    title: "Virtual sessions",
    body: (
      <>
        <p>
          All our coaching is delivered online, by video in your web browser or by phone. We do not offer in-person sessions. To take part you need a device
          with a camera and microphone (for video), a reliable internet connection and a quiet place to talk.
        </p>
        <p>
          Session times are shown and confirmed in Australian time. Your booking confirmation includes the date, time and time zone and a link to join. We do
          not record sessions unless everyone taking part agrees beforehand.
        </p>
        <p>
          If a session can't go ahead or is cut short because of a technical problem on our side, we will reschedule it at no cost or, if you prefer, refund it.
        </p>
      </>
    ),
  },
  {
    id: "bookings-and-payment",
    title: "Bookings, prices and payment",
    body: (
      <>
        <p>
          Prices are in Australian dollars and include GST. Paid sessions are paid for when you book. Payments are processed securely by Stripe; we never see or
          store your full card number. We issue a tax invoice for every payment.
        </p>
        <p>We may change our prices from time to time. A price change never affects a session you have already booked and paid for.</p>
      </>
    ),
  },
  {
    id: "cancellation-and-rescheduling",
    title: "Cancelling and rescheduling",
    body: (
      <>
        <p>Life in a small business is unpredictable, so we keep this simple:</p>
        <ul>
          <li>
            <strong>More than 24 hours’ notice:</strong> you can reschedule or cancel any session free of charge, using the link in your booking confirmation or
            by contacting us. If you cancel a paid session, we refund it in full.
          </li>
          <li>
            <strong>Less than 24 hours’ notice, or not attending:</strong> the session may be charged in full, because your coach has set that time aside for
            you. If something genuinely unavoidable comes up, such as illness or an emergency, talk to us and we will offer to reschedule.
          </li>
          <li>
            <strong>If we or your coach need to cancel:</strong> we will tell you as early as we can and offer another time or a full refund, whichever you
            prefer.
          </li>
        </ul>
        <p>The free discovery call can be rescheduled or cancelled at any time.</p>
      </>
    ),
  },
  {
    id: "money-back-guarantee",
    title: "Our money-back guarantee",
    body: (
      <>
        <p>{MONEY_BACK_GUARANTEE}</p>
        <p>Here is how it works:</p>
        <ul>
          <li>
            It applies to your first paid coaching consultation with us. The discovery call is already free, and the guarantee does not apply to ClarityAI
            subscriptions, which you can cancel at any time.
          </li>
          <li>
            To claim, email <a href={mailto}>{BUSINESS.email}</a> within 14 days of that session. You don’t need to give a reason, although we welcome feedback.
          </li>
          <li>
            We refund the full amount you paid for that session to your original payment method. Refunds usually appear within 5–10 business days, depending on
            your bank.
          </li>
          <li>The guarantee is available once per client business.</li>
        </ul>
        <p>The guarantee is in addition to, and does not limit, your rights under the Australian Consumer Law.</p>
      </>
    ),
  },
  {
    id: "clarityai",
    title: "ClarityAI, the AI business coach",
    body: (
      <>
        <p>
          ClarityAI is an artificial intelligence tool. Its answers are general information to help you think through business questions.{" "}
          <strong>They are not financial, legal, tax or accounting advice</strong>, and they do not take into account your full circumstances. AI can be wrong,
          out of date or incomplete, so check anything important before you act on it. For decisions with financial, legal or tax consequences, speak to a
          qualified professional, such as a registered tax agent, a lawyer or a licensed financial adviser.
        </p>
        <p>
          On the pro plan, ClarityAI can flag a complex question for review by a human expert from our team, who will follow up by email. That follow-up is
          coaching, not professional financial, legal or tax advice either.
        </p>
        <p>
          Please don’t enter information you are not allowed to share, such as other people’s sensitive personal information or a client’s confidential details.
          ClarityAI conversations are deleted automatically after {BUSINESS.aiRetentionMonths} months. Our <Link to="/privacy#ai-chat">privacy policy</Link>{" "}
          explains how chat messages are processed.
        </p>
      </>
    ),
  },
  {
    id: "subscriptions",
    title: "ClarityAI subscriptions",
    body: (
      <>
        <ul>
          <li>ClarityAI is sold as a monthly subscription on a lite or pro plan. The price of each plan is shown before you subscribe.</li>
          <li>Your subscription renews automatically each billing period and is charged to your saved payment method until you cancel.</li>
          <li>
            You can cancel at any time from your <Link to="/profile?tab=ai-assistant">profile</Link> or by contacting us. Cancelling stops future renewals; you
            keep access until the end of the period you have paid for.
          </li>
          <li>You can move between plans at any time. Any price difference is worked out on the next bill.</li>
          <li>We will give you at least 30 days’ notice by email before a price change applies to your subscription, so you can cancel first if you wish.</li>
          <li>Apart from your rights under the Australian Consumer Law, we don’t refund part-used billing periods.</li>
        </ul>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <>
        <p>
          Some features, such as your profile, the learning hub, video meetings and ClarityAI, need an account. Please give us accurate details, keep your
          password to yourself and tell us straight away if you think someone else has used your account. You are responsible for what happens under your
          account unless it results from our failure to keep it secure.
        </p>
        <p>You can ask us to close your account at any time.</p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Using our services fairly",
    body: (
      <>
        <p>When you use our website, sessions or ClarityAI, please don’t:</p>
        <ul>
          <li>break the law, or use our services to mislead, harass or harm anyone;</li>
          <li>try to gain unauthorised access to our systems, or disrupt or overload them;</li>
          <li>scrape, copy or resell our content, or use ClarityAI to build a competing product; or</li>
          <li>share your login or subscription with people outside your business.</li>
        </ul>
        <p>
          We may suspend or close an account that breaches these terms. Where it is fair to do so, we will warn you first and give you a chance to fix the
          problem.
        </p>
      </>
    ),
  },
  {
    id: "confidentiality-and-ip",
    title: "Confidentiality and intellectual property",
    body: (
      <>
        <p>Your coach keeps what you share in sessions confidential. We only disclose it with your permission or where the law requires us to.</p>
        <p>
          The plans, templates, worksheets and learning materials we provide are our intellectual property (or our licensors’). You may use and adapt them for
          your own business, but not republish or sell them. Your business information, and the plans you create with our help, remain yours.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Our liability",
    body: (
      <>
        <p>Subject to your rights under the Australian Consumer Law, and to the extent permitted by law:</p>
        <ul>
          <li>
            we are not liable for business decisions you make or their results, or for loss of profits, revenue or opportunity that was not reasonably
            foreseeable;
          </li>
          <li>we are not liable for any loss caused by relying on ClarityAI responses without appropriate professional advice; and</li>
          <li>
            where our services are not of a kind ordinarily acquired for personal, domestic or household use, our liability for failing to meet a consumer
            guarantee is limited to supplying the services again or paying the cost of having them supplied again.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms from time to time, for example when we add a service or the law changes. The date at the top of this page shows when they last
        changed. If a change materially affects an active subscription or a booked session, we will email you before it takes effect.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the laws of New South Wales, Australia. You and we submit to the non-exclusive jurisdiction of the courts of New South Wales
        and the courts that can hear appeals from them.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Questions and complaints",
    body: (
      <>
        <p>
          If something isn’t right, please tell us first so we can fix it. Email <a href={mailto}>{BUSINESS.email}</a> or call{" "}
          <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a> ({BUSINESS.hours}). We aim to respond to every complaint within five business days.
        </p>
        <p>If we can’t resolve it together, you can contact NSW Fair Trading or the consumer protection agency in your state or territory.</p>
      </>
    ),
  },
];
