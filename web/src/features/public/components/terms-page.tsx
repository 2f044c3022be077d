import { LegalDocument, type LegalSection } from './legal-document';

export const termsSections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        By creating an account or using Muster you agree to these terms. If you use Muster for an
        organisation, you agree on its behalf and confirm you may do so. If you do not agree, do not use
        Muster.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <p>
          You must be at least 16 years old. Give true information, keep your password to yourself and tell us
          at once if you think someone else has used your account.
        </p>
        <p>
          You are responsible for what happens under your account. One person, one personal account;
          organisations may hold their own accounts.
        </p>
      </>
    ),
  },
  {
    id: 'using-muster',
    title: 'Using Muster',
    body: (
      <p>
        Muster exists to help people organise help, missions and collaborations. Use it to post real needs,
        wants and offers, to run missions and to talk with people about them. Use emergency markers only for
        real emergencies.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep the rights to what you post. You give Muster a worldwide, non-exclusive, royalty-free
          licence to host, show and share it as the service needs, for as long as it stays on Muster.
        </p>
        <p>
          You may export your content at any time and delete it, or your whole account, whenever you wish.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'Rules of conduct',
    body: (
      <p>
        Do not harass, threaten or deceive people; do not post unlawful, hateful or sexual content involving
        minors; do not spam, scrape or try to break into accounts or systems; do not ask for or offer payment
        for help presented as volunteer work without saying so.
      </p>
    ),
  },
  {
    id: 'safety',
    title: 'Safety and meeting people',
    body: (
      <p>
        Muster connects people; it does not vet them. Take ordinary care when you meet someone or hand over
        goods. In an emergency, call your local emergency number first.
      </p>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation and termination',
    body: (
      <p>
        We may remove content or suspend accounts that break these terms, and we tell you why unless the law
        or safety forbids it. You may appeal by contacting us. You may close your account at any time.
      </p>
    ),
  },
  {
    id: 'fees',
    title: 'Fees',
    body: (
      <p>
        Muster is free for people and community groups. If we ever offer paid features we will say so clearly
        before you are charged anything, and these terms will describe them.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        Muster is provided as it is. We work hard to keep it running and accurate, but we do not promise it
        will always be available or free of errors, and we are not responsible for what users post or do.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, Muster's total liability to you for any claim is capped at the greater
        of (a) the fees you paid us in the 12 months before the claim or (b) $100. We are not liable for
        indirect or consequential losses. Nothing here limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'contact-changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; if a change matters, we tell you before it takes effect. Questions about
        these terms go to us through the contact page, and we answer inquiries within 2 business days.
      </p>
    ),
  },
];

/** /terms: 11 sections, a side table of contents, last updated April 17, 2025 (spec §2). */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      intro="These terms govern your use of Muster. They are written to be read: short sections, plain words."
      sections={termsSections}
    />
  );
}
