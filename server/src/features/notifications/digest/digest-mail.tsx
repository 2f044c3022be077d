import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';
import { MailButton, MailHeading, MailLayout, MailText, renderMail } from '../mail/layout.js';
import {
  type Digest,
  type DigestItem,
  type DigestSection,
  digestSubject,
  digestSummary,
} from './digest-content.js';

/**
 * The digest mail (issue 34, decision 065) on the mail layout every mail of Muster wears: a
 * heading, then each section as a short list whose every line opens its page, then one button to
 * the app. Colours and sizes are the layout's.
 */

const ink = '#0f172a';
const muted = '#475569';
const line = '#e2e8f0';

const sectionTitle: CSSProperties = {
  color: muted,
  fontSize: '12px',
  fontWeight: 700,
  letterSpacing: '0.06em',
  lineHeight: '16px',
  margin: '24px 0 4px',
  textTransform: 'uppercase',
};
const itemBox: CSSProperties = { borderTop: `1px solid ${line}`, padding: '10px 0' };
const itemLink: CSSProperties = {
  color: ink,
  fontSize: '15px',
  fontWeight: 600,
  lineHeight: '22px',
  textDecoration: 'none',
};
const itemDetail: CSSProperties = { color: muted, fontSize: '13px', lineHeight: '19px', margin: '2px 0 0' };
const moreLink: CSSProperties = { color: '#4f46e5', fontSize: '14px', textDecoration: 'underline' };

function Item({ item, open }: { item: DigestItem; open: (path: string) => string }) {
  return (
    <Section style={itemBox}>
      <Link href={open(item.path)} style={itemLink}>
        {item.text}
      </Link>
      {item.detail ? <Text style={itemDetail}>{item.detail}</Text> : null}
    </Section>
  );
}

function DigestPart({ section, open }: { section: DigestSection; open: (path: string) => string }) {
  return (
    <Section>
      <Text style={sectionTitle}>{section.title}</Text>
      {section.items.map((item) => (
        <Item key={`${item.path}:${item.text}`} item={item} open={open} />
      ))}
      {section.more ? (
        <Text style={{ margin: '4px 0 0', fontSize: '14px', lineHeight: '20px' }}>
          <Link href={open(section.more.path)} style={moreLink}>
            {section.more.count > 0 ? `${section.more.count} more · ${section.more.text}` : section.more.text}
          </Link>
        </Text>
      ) : null}
    </Section>
  );
}

export type DigestMailLinks = {
  /** The instance's home page. */
  home: string;
  /** A page of the app as a link from outside it (notice-mail.ts `appLink`: the app routes on the hash). */
  open: (path: string) => string;
  /** The one-click unsubscribe page for the digest. */
  unsubscribe: string;
};

export function DigestMail({ digest, links }: { digest: Digest; links: DigestMailLinks }) {
  const period = digest.frequency === 'weekly' ? 'week' : 'day';
  return (
    <MailLayout
      preview={digestSummary(digest)}
      homeUrl={links.home}
      footer={{
        reason: `You get this mail because your digest is set to “${digest.frequency}” in your notification settings. It comes only when there is something to tell.`,
        settingsUrl: links.open('/settings/notifications'),
        unsubscribeUrl: links.unsubscribe,
        unsubscribeLabel: 'Stop the digest',
      }}
    >
      <MailHeading>Your {digest.frequency} digest</MailHeading>
      <MailText>
        Hi {digest.firstName}, here is what happened on Muster in the last {period} while you were away.
      </MailText>
      {digest.sections.map((section) => (
        <DigestPart key={section.key} section={section} open={links.open} />
      ))}
      <MailButton href={links.home}>Open Muster</MailButton>
    </MailLayout>
  );
}

/** The subject, the HTML and the text of a person's digest mail. */
export async function renderDigestMail(digest: Digest, links: DigestMailLinks) {
  const { html, text } = await renderMail(<DigestMail digest={digest} links={links} />);
  const subject = digestSubject(digest);
  return { subject, html, text };
}
