import { Link } from "@remix-run/react";
import type { LegalSection } from "~/content/types";
import { BUSINESS } from "~/content/business";

// The privacy policy shown at /privacy.

export const PRIVACY_LAST_UPDATED = "23 November 2026";
const mailto = `mailto:${BUSINESS.email}`;
const retention = `${BUSINESS.aiRetentionMonths} months`;

// One list drives both the table of contents and the sections, so their ids never drift apart.
export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: "about-this-policy",
    title: "About this policy",
    body: (
      <>
        <p>
          {BUSINESS.name} (ABN {BUSINESS.abn}) respects your privacy. This policy explains what personal information we collect, why, how we look after it and
          the choices you have. We handle personal information in line with the Australian Privacy Principles in the <em>Privacy Act 1988</em> (Cth).
        </p>
        <p>
          It covers our website, discovery calls and coaching sessions, the Service Assistant chat, ClarityAI (our AI business coach), the learning hub and our
          emails.
        </p>
      </>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect",
    body: (
      <>
        <ul>
          <li>
            <strong>Contact and booking details:</strong> your name, email address, phone number, business name and type of business, and the times and notes
            for calls and sessions you book.
          </li>
          <li>
            <strong>Account details:</strong> your email address or phone number, your name, a securely hashed version of your password, and sign-in security
            settings such as two-factor authentication.
          </li>
          <li>
            <strong>Profile information:</strong> details you add to your profile, such as your industry, which we use to tailor ClarityAI prompts and coaching
            materials to your business.
          </li>
          <li>
            <strong>Payment information:</strong> payments are handled by Stripe. Stripe collects your card details directly — we never see or store your card
            number. We keep a record of what you paid for, when and how much, and your subscription status.
          </li>
          <li>
            <strong>AI chat messages:</strong> what you type into ClarityAI or the Service Assistant, and the replies.
          </li>
          <li>
            <strong>Coaching and learning records:</strong> session history, notes your coach keeps to support your coaching, and your progress through the
            learning hub.
          </li>
          <li>
            <strong>Attribution data:</strong> how you found us — the UTM parameters in the link you followed (source, medium, campaign, term and content),
            advertising click ids such as gclid and fbclid, the website that referred you (its address, without any search terms) and the page you landed on. We
            keep these for your browser session, and with an enquiry, booking request, checkout or payment you make in it (see{" "}
            <a href="#cookies-and-attribution">cookies and attribution</a>).
          </li>
          <li>
            <strong>Technical logs:</strong> your IP address, browser and device type, the pages you request and when, and error reports, which our systems
            record automatically.
          </li>
          <li>
            <strong>Coach applications:</strong> if you apply to join our coach network, your experience, qualifications and the other details you give us.
          </li>
        </ul>
        <p>We don’t ask for sensitive information such as health information. Please don’t share it in chats or sessions unless you need to.</p>
      </>
    ),
  },
  {
    id: "how-we-collect",
    title: "How we collect it",
    body: (
      <p>
        We collect most information directly from you: when you fill in a form, book a call, create an account, chat with us or talk with your coach. Some is
        collected automatically as you use the website (technical logs and attribution data), and Stripe tells us whether a payment has succeeded.
      </p>
    ),
  },
  {
    id: "why-we-use-it",
    title: "Why we use it",
    body: (
      <>
        <p>We use personal information to:</p>
        <ul>
          <li>respond to your enquiries and arrange your discovery call and coaching sessions;</li>
          <li>match you with a suitable coach and deliver coaching, video meetings and the learning hub;</li>
          <li>provide ClarityAI and, on the pro plan, have a human expert follow up questions you escalate;</li>
          <li>take payments, manage subscriptions and issue tax invoices;</li>
          <li>send you booking confirmations, reminders, receipts and account emails;</li>
          <li>understand which of our marketing brings enquiries and customers, so we spend it sensibly;</li>
          <li>keep our services secure, prevent misuse and fix problems; and</li>
          <li>meet our legal obligations, such as keeping tax records.</li>
        </ul>
        <p>We don’t sell your personal information.</p>
      </>
    ),
  },
  {
    id: "ai-chat",
    title: "AI chat: ClarityAI and the Service Assistant",
    body: (
      <>
        <p>
          When you send a message to ClarityAI or the Service Assistant, it is sent to our AI provider, which generates the reply. Our AI provider processes
          these messages overseas, for example in the United States.
        </p>
        <p>
          <strong>Conversations are deleted automatically after {retention}.</strong> If you share your contact details in the Service Assistant, we keep them,
          with that conversation, as an enquiry so that we can get back to you; until then, the Service Assistant keeps nothing of what you ask.
        </p>
        <p>
          If you’re on the ClarityAI pro plan and a question is escalated for expert review, a member of our team will read that conversation so they can follow
          up with you by email.
        </p>
        <p>Please don’t enter card numbers, passwords or other people’s sensitive information into a chat.</p>
      </>
    ),
  },
  {
    id: "cookies-and-attribution",
    title: "Cookies and attribution",
    body: (
      <>
        <p>
          We use a small number of cookies that the website needs to work: one keeps you signed in, another carries a short on-screen message (such as “Booking
          confirmed”) from one page to the next, a third lets the browser you booked in open that booking's confirmation page for an hour, and a fourth, called{" "}
          <code>__Host-attribution</code>, remembers how you arrived for the rest of your browser session. It is deleted when you close your browser. None of
          these cookies can be read by scripts on the page.
        </p>
        <p>
          <strong>What we record and why.</strong> When you arrive, we note the UTM parameters and advertising click id (such as gclid or fbclid) in the link
          you followed, the website that referred you and the page you landed on. If you then send an enquiry or a software enquiry, ask for a discovery call,
          download a resource, start a ClarityAI checkout or pay, we record that “conversion” together with how you arrived. We also count page views for each
          page and campaign, without recording who viewed them. This tells us which of our marketing brings enquiries and customers, so we spend it sensibly.
        </p>
        <p>
          <strong>First-party only.</strong> Our own website records all of this on our own systems. Our pages carry no third-party tags, advertising pixels or
          analytics scripts.
        </p>
        <p>
          <strong>Google and Meta, only if switched on.</strong> Only if we have set it up, our servers report a conversion to Google (Google Analytics and
          Google Ads) or Meta, so they can tell us which ads worked. We send the kind of conversion, its value, how you arrived (campaign, landing page and
          click id), a random number that stands for your browser session, and at most a one-way hashed (SHA-256, scrambled) copy of your email address and
          phone number — never the address or number itself, your IP address, your chat messages or payment details. If your browser sends the Global Privacy
          Control signal, we send nothing about you to Google or Meta at all.
        </p>
        <p>
          <strong>How long.</strong> When you delete your account, the attribution recorded with your conversions is deleted: we keep only that a conversion of
          that kind and value happened on that day. Every conversion and page-view count is deleted 13 months after it was recorded.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <p>We share personal information only as needed to run our services:</p>
        <ul>
          <li>with the coach who works with you, who keeps it confidential;</li>
          <li>
            with service providers that act on our behalf: Cloudflare (hosting and data storage), Stripe (payments), our AI provider (chat replies) and our
            email delivery provider (confirmations, receipts and other emails);
          </li>
          <li>
            with Google and Meta, only if we have switched on conversion reporting, and never for a browser that sends Global Privacy Control, limited to the
            conversion details and hashed identifiers described under <a href="#cookies-and-attribution">cookies and attribution</a>; and
          </li>
          <li>with government agencies, courts or others where the law requires or permits it, for example to the Australian Taxation Office.</li>
        </ul>
        <p>Our service providers may only use your information to provide their services to us.</p>
      </>
    ),
  },
  {
    id: "overseas",
    title: "Overseas disclosure",
    body: (
      <>
        <p>Some of our service providers handle information outside Australia:</p>
        <ul>
          <li>our AI provider processes chat messages overseas, for example in the United States;</li>
          <li>our email delivery provider processes email addresses and message content overseas, for example in the United States;</li>
          <li>Stripe may process payment information overseas, including in the United States;</li>
          <li>
            if we have switched on conversion reporting, Google and Meta process the conversion details and hashed identifiers we send them overseas, for
            example in the United States; and
          </li>
          <li>
            Cloudflare operates a global network, so requests to our website, and the technical data that comes with them, may pass through data centres outside
            Australia.
          </li>
        </ul>
        <p>
          Before we disclose personal information overseas, we take reasonable steps to make sure the recipient handles it in a way that is consistent with the
          Australian Privacy Principles.
        </p>
      </>
    ),
  },
  {
    id: "storage-and-security",
    title: "How we store and protect it",
    body: (
      <>
        <p>
          Our website and databases run on Cloudflare’s infrastructure. We ask for our main database to be located in the Oceania region. Information is
          encrypted in transit, access is limited to the people who need it for their role, and sign-in sessions use secure cookies.
        </p>
        <p>
          No system is perfectly secure. If a data breach is likely to cause serious harm, we will notify the people affected and the Office of the Australian
          Information Commissioner (OAIC) as the Notifiable Data Breaches scheme requires.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <ul>
        <li>AI chat conversations: deleted automatically after {retention}.</li>
        <li>
          Attribution data: the <code>__Host-attribution</code> cookie ends with your browser session; attribution recorded with an enquiry, booking request,
          checkout or payment is deleted after 13 months, or as soon as you delete your account.
        </li>
        <li>Payment and tax records: as long as Australian tax law requires, generally five years.</li>
        <li>
          Account, profile and coaching records: while your account is open, then deleted or de-identified within a reasonable time unless the law requires us
          to keep them.
        </li>
        <li>Technical logs: for a limited time, unless needed to investigate a security problem.</li>
      </ul>
    ),
  },
  {
    id: "marketing",
    title: "Marketing emails",
    body: (
      <p>
        We only send marketing emails, such as newsletters and offers, if you have agreed to receive them, in line with the <em>Spam Act 2003</em> (Cth). Every
        marketing email identifies us and includes an unsubscribe link, and we act on unsubscribe requests within five business days. Opting out of marketing
        doesn’t stop the service emails you need, such as booking confirmations and receipts.
      </p>
    ),
  },
  {
    id: "access-and-correction",
    title: "Accessing and correcting your information",
    body: (
      <>
        <p>
          You can ask for a copy of the personal information we hold about you, and ask us to correct anything that is inaccurate, out of date or incomplete.
          You can update many details yourself in your <Link to="/profile">profile</Link>. For anything else, email <a href={mailto}>{BUSINESS.email}</a>.
        </p>
        <p>
          We will confirm your identity, then respond within 30 days. There is no charge for a request. If we can’t give you access or make a correction, we
          will explain why in writing and how you can complain.
        </p>
      </>
    ),
  },
  {
    id: "anonymity",
    title: "Staying anonymous",
    body: (
      <p>
        You can browse our website, read our resources and ask the Service Assistant general questions without telling us who you are. To book a session,
        subscribe or create an account, we need your name and contact details.
      </p>
    ),
  },
  {
    id: "complaints",
    title: "Complaints and the OAIC",
    body: (
      <>
        <p>
          If you think we have mishandled your personal information, please email <a href={mailto}>{BUSINESS.email}</a> with the details. We will acknowledge
          your complaint within five business days and aim to resolve it within 30 days.
        </p>
        <p>
          If you’re not satisfied with our response, you can complain to the Office of the Australian Information Commissioner (OAIC) at{" "}
          <a href="https://www.oaic.gov.au">oaic.gov.au</a> or on 1300 363 992.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We may update this policy as our services or the law change. The date at the top shows when it last changed. If a change significantly affects how we
        handle your information, we will let account holders know by email.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        For privacy questions or requests, email <a href={mailto}>{BUSINESS.email}</a> or call <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a> (
        {BUSINESS.hours}). See also our <Link to="/terms">terms of service</Link>.
      </p>
    ),
  },
];
