import { describe, expect, it } from 'vitest';
import { MailButton, MailHeading, MailLayout, MailQuote, renderMail } from './layout.js';

describe('MailLayout', () => {
  it('renders the frame, escapes what people wrote, and has a readable text part', async () => {
    const { html, text } = await renderMail(
      <MailLayout
        preview="Kofi offered to help"
        homeUrl="https://muster.test"
        footer={{
          reason: 'You get this because offers of help are set to mail at once.',
          settingsUrl: 'https://muster.test/settings/notifications',
          unsubscribeUrl: 'https://muster.test/unsubscribe?token=abc',
          unsubscribeLabel: 'Stop mail about offers of help',
        }}
      >
        <MailHeading>Kofi Mensah offered to help</MailHeading>
        <MailQuote>{'<script>alert(1)</script> I have a van & time'}</MailQuote>
        <MailButton href="https://muster.test/posts/1">See the offer</MailButton>
      </MailLayout>,
    );
    expect(html).toContain('Muster');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; I have a van &amp; time');
    expect(html).toContain('href="https://muster.test/posts/1"');
    expect(html).toContain('href="https://muster.test/settings/notifications"');
    expect(html).toContain('href="https://muster.test/unsubscribe?token=abc"');
    expect(text).toContain('Kofi Mensah offered to help');
    expect(text).toContain('<script>alert(1)</script> I have a van & time');
    expect(text).toContain('See the offer: https://muster.test/posts/1');
    expect(text).toContain('Stop mail about offers of help: https://muster.test/unsubscribe?token=abc');
    expect(text).not.toContain('https://muster.test\n');
  });
});
