import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import { MailButton, MailHeading, MailLayout, MailText, renderMail } from '../mail/layout.js';
import { type Digest, type DigestSection, digestSubject, digestSummary } from './digest-content.js';

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

/** One line of the digest: what happened, opening its page, and a quieter second line. */
export function DigestItemView({ text, href, detail }: { text: string; href: string; detail?: string }) {
  return (
    <Section style={itemBox}>
      <Link href={href} style={itemLink}>
        {text}
      </Link>
      {detail !== undefined ? <Text style={itemDetail}>{detail}</Text> : null}
    </Section>
  );
}

/** A section: its title, its lines (`children`), and a link to where the rest are. */
export function DigestSectionView({
  title,
  more,
  children,
}: {
  title: string;
  more?: { label: string; href: string };
  children: ReactNode;
}) {
  return (
    <Section>
      <Text style={sectionTitle}>{title}</Text>
      {children}
      {more ? (
        <Text style={{ margin: '4px 0 0', fontSize: '14px', lineHeight: '20px' }}>
          <Link href={more.href} style={moreLink}>
            {more.label}
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

/** The mail around the sections (`children`): the layout, the heading and greeting, the button. */
export function DigestShell({
  frequency,
  firstName,
  preview,
  home,
  settings,
  unsubscribe,
  children,
}: {
  frequency: Digest['frequency'];
  firstName: string;
  preview: string;
  home: string;
  settings: string;
  unsubscribe: string;
  children: ReactNode;
}) {
  const period = frequency === 'weekly' ? 'week' : 'day';
  return (
    <MailLayout
      preview={preview}
      homeUrl={home}
      footer={{
        reason: `You get this mail because your digest is set to “${frequency}” in your notification settings. It comes only when there is something to tell.`,
        settingsUrl: settings,
        unsubscribeUrl: unsubscribe,
        unsubscribeLabel: 'Stop the digest',
      }}
    >
      <MailHeading>Your {frequency} digest</MailHeading>
      <MailText>
        Hi {firstName}, here is what happened on Muster in the last {period} while you were away.
      </MailText>
      {children}
      <MailButton href={home}>Open Muster</MailButton>
    </MailLayout>
  );
}

/** "3 more · See all your notifications", or the link's words alone. */
export const moreLabel = (more: NonNullable<DigestSection['more']>) =>
  more.count > 0 ? `${more.count} more · ${more.text}` : more.text;

/** The whole digest mail as one React tree: what digest-render.ts's pieces are cut from, and checked against. */
export function DigestMail({ digest, links }: { digest: Digest; links: DigestMailLinks }) {
  return (
    <DigestShell
      frequency={digest.frequency}
      firstName={digest.firstName}
      preview={digestSummary(digest)}
      home={links.home}
      settings={links.open('/settings/notifications')}
      unsubscribe={links.unsubscribe}
    >
      {digest.sections.map((section) => (
        <DigestSectionView
          key={section.key}
          title={section.title}
          {...(section.more
            ? { more: { label: moreLabel(section.more), href: links.open(section.more.path) } }
            : {})}
        >
          {section.items.map((item) => (
            <DigestItemView
              key={`${item.path}:${item.text}`}
              text={item.text}
              href={links.open(item.path)}
              {...(item.detail !== undefined ? { detail: item.detail } : {})}
            />
          ))}
        </DigestSectionView>
      ))}
    </DigestShell>
  );
}

/** The subject, the HTML and the text of a person's digest mail, rendered whole by React. */
export async function renderDigestMailWhole(digest: Digest, links: DigestMailLinks) {
  const { html, text } = await renderMail(<DigestMail digest={digest} links={links} />);
  return { subject: digestSubject(digest), html, text };
}
