// Each component from its own package, not from @react-email/components: that one re-exports its
// code block (Prism) and Tailwind too, which the server's bundle would then carry (~1.2 MB).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { FormatCallback } from 'html-to-text';
import type { CSSProperties, ReactElement, ReactNode } from 'react';

/**
 * The frame every mail of Muster wears (issue 34, decision 063): the name at the top, what
 * happened, one button, and at the foot why this mail came and how to stop it. Styles are inline
 * (react-email's components write them so) because most mail clients drop <style> and classes.
 * The colours are the web's (web/src/index.css: brand-600, slate), so a mail looks like the app it
 * comes from.
 */

const brand = '#4f46e5';
const ink = '#0f172a';
const muted = '#475569';
const faint = '#64748b';
const line = '#e2e8f0';
const font =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

// Side padding: on a phone the card keeps a margin from the screen's edges.
const page: CSSProperties = { backgroundColor: '#f8fafc', fontFamily: font, margin: 0, padding: '24px 12px' };
const card: CSSProperties = {
  backgroundColor: '#ffffff',
  border: `1px solid ${line}`,
  borderRadius: '12px',
  maxWidth: '560px',
  margin: '0 auto',
  padding: '28px 28px 8px',
};
const wordmark: CSSProperties = {
  color: brand,
  fontSize: '20px',
  fontWeight: 700,
  letterSpacing: '-0.01em',
  textDecoration: 'none',
};
const footerText: CSSProperties = { color: faint, fontSize: '12px', lineHeight: '18px', margin: '0 0 8px' };
const footerLink: CSSProperties = { color: muted, textDecoration: 'underline' };

export type MailFooterProps = {
  /** Why this person gets this mail, in a sentence ("You get this because … is set to Mail at once."). */
  reason: string;
  /** Where they choose what reaches them: /settings/notifications on the public URL. */
  settingsUrl: string;
  /** The one-click unsubscribe page for this kind of mail, when the mail is one a person may stop. */
  unsubscribeUrl?: string;
  /** What the unsubscribe link stops ("Stop mail about offers of help"). */
  unsubscribeLabel?: string;
};

export type MailLayoutProps = {
  /** The line a mail client shows beside the subject in the inbox. */
  preview: string;
  /** The public URL of the instance: the name at the top links home. */
  homeUrl: string;
  children: ReactNode;
  footer: MailFooterProps;
};

export function MailLayout({ preview, homeUrl, children, footer }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section style={{ paddingBottom: '8px' }}>
            <Link href={homeUrl} style={wordmark} data-wordmark>
              Muster
            </Link>
          </Section>
          {children}
          <Hr style={{ borderColor: line, margin: '28px 0 16px' }} />
          <Section>
            <Text style={footerText}>{footer.reason}</Text>
            <Text style={footerText}>
              <Link href={footer.settingsUrl} style={footerLink} data-text-line>
                Choose what reaches you
              </Link>
              {footer.unsubscribeUrl ? (
                <>
                  <span data-skip-in-text="true">{' · '}</span>
                  <Link href={footer.unsubscribeUrl} style={footerLink} data-text-line>
                    {footer.unsubscribeLabel ?? 'Unsubscribe'}
                  </Link>
                </>
              ) : null}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The mail's one call to action: a solid brand button, wide enough to hit with a thumb. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '24px 0 4px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: brand,
          borderRadius: '8px',
          color: '#ffffff',
          display: 'inline-block',
          fontSize: '15px',
          fontWeight: 600,
          lineHeight: '20px',
          padding: '12px 22px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** Who it is from: their initials in a round badge (no picture to load or block), name and handle. */
export function MailPerson({ name, username }: { name: string; username: string }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  // Left out of the text part, whose first line names them anyway.
  return (
    <Section style={{ margin: '12px 0 0' }} data-skip-in-text="true">
      <Row>
        <Column style={{ width: '48px', verticalAlign: 'middle' }}>
          <Text
            style={{
              backgroundColor: '#e0e7ff',
              borderRadius: '20px',
              color: '#4338ca',
              fontSize: '15px',
              fontWeight: 600,
              height: '40px',
              lineHeight: '40px',
              margin: 0,
              textAlign: 'center',
              width: '40px',
            }}
          >
            {initials}
          </Text>
        </Column>
        <Column style={{ verticalAlign: 'middle' }}>
          <Text style={{ color: ink, fontSize: '15px', fontWeight: 600, lineHeight: '20px', margin: 0 }}>
            {name}
          </Text>
          <Text style={{ color: faint, fontSize: '13px', lineHeight: '18px', margin: 0 }}>@{username}</Text>
        </Column>
      </Row>
    </Section>
  );
}

/** The mail's first line: what happened, in the notice's own words. */
export function MailHeading({ children }: { children: ReactNode }) {
  return (
    <Text style={{ color: ink, fontSize: '20px', fontWeight: 600, lineHeight: '28px', margin: '16px 0 8px' }}>
      {children}
    </Text>
  );
}

/** "Hi Ana,": a mail's first line when it opens with a greeting, clear of the sender's card above it. */
export function MailGreeting({ children }: { children: ReactNode }) {
  return (
    <Text style={{ color: ink, fontSize: '15px', lineHeight: '24px', margin: '16px 0 12px' }}>
      {children}
    </Text>
  );
}

export function MailText({ children }: { children: ReactNode }) {
  return (
    <Text style={{ color: ink, fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' }}>{children}</Text>
  );
}

/** Words someone wrote (a helper's message, a comment): set off as a quote, so they read as theirs. */
export function MailQuote({ children }: { children: ReactNode }) {
  return (
    <Section
      style={{
        backgroundColor: '#f8fafc',
        borderLeft: `3px solid ${brand}`,
        borderRadius: '4px',
        margin: '4px 0 12px',
        padding: '10px 14px',
      }}
    >
      <Text
        style={{ color: '#334155', fontSize: '15px', lineHeight: '23px', margin: 0, whiteSpace: 'pre-line' }}
      >
        {children}
      </Text>
    </Section>
  );
}

/** Short facts as a list (a match's reasons). */
export function MailDetails({ items }: { items: string[] }) {
  return (
    <Section style={{ margin: '0 0 12px' }}>
      {items.map((item) => (
        <Text key={item} style={{ color: muted, fontSize: '14px', lineHeight: '22px', margin: '0 0 2px' }}>
          {'• '}
          {item}
        </Text>
      ))}
    </Section>
  );
}

/**
 * Renders a mail to its two parts. The text part is made from the HTML (the one template), so the
 * two never say different things; a link reads there as "label: https://…", and the footer's
 * links each take a line of their own.
 */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  // Loaded with the first mail, not at start (build.mjs keeps it out of the bundle; decision 063).
  const { render, toPlainText, plainTextSelectors } = await import('@react-email/render');
  const html = await render(element);
  const text = toPlainText(html, {
    formatters: { mailLink },
    selectors: [
      ...plainTextSelectors,
      { selector: 'a', format: 'mailLink' },
      // The wordmark links home: the text part needs the name, not the address.
      { selector: 'a[data-wordmark]', format: 'inline' },
    ],
  });
  return { html, text };
}

/** html-to-text's anchor puts a space before the address ("label : https://…"); this doesn't. */
const mailLink: FormatCallback = (elem, walk, builder) => {
  const href = elem.attribs?.href;
  const line = elem.attribs?.['data-text-line'] !== undefined;
  if (line) builder.openBlock({ leadingLineBreaks: 1 });
  walk(elem.children, builder);
  if (href) builder.addLiteral(`: ${href}`);
  if (line) builder.closeBlock({ trailingLineBreaks: 1 });
};
