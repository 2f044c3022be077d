import { describe, expect, it } from 'vitest';
import { chatBurstMail, chatRequestMail, type ChatMailLinks } from './chat-mails.js';
import { renderMail } from './layout.js';

/**
 * The chats mails (decision 066) in the notice mails' frame: the subject kept, the button to the
 * chat, the footer's unsubscribe link, and a message's words escaped. The journeys over real SMTP
 * are in coalesce.test.ts.
 */
const links = (open: string): ChatMailLinks => ({
  home: 'https://muster.example/',
  open,
  settings: 'https://muster.example/#/settings/notifications',
  unsubscribe: 'https://muster.example/#/unsubscribe?token=t',
});

describe('chat mails', () => {
  it('a direct burst: the count in the subject, the newest words quoted and escaped, one button to the chat', async () => {
    const mail = chatBurstMail({
      firstName: 'Ana',
      unread: 4,
      writers: 1,
      last: { name: 'Kofi Mensah', username: 'kofi', body: '<b>van</b> at 7 &\nnot before' },
      links: links('https://muster.example/#/chats/c1'),
    });
    expect(mail.subject).toBe('Kofi Mensah sent you 4 messages');
    const { html, text } = await renderMail(mail.element);
    expect(html).not.toContain('<b>van</b>');
    // Whole, its line break kept (the quote keeps lines): a mail has room for it, unlike a push.
    expect(html).toContain('&lt;b&gt;van&lt;/b&gt; at 7 &amp;\nnot before');
    expect(html).toMatch(/href="https:\/\/muster\.example\/#\/chats\/c1"[^>]*>.*Read and answer/s);
    expect(text).toContain('Kofi Mensah sent you 4 messages on Muster. The newest:');
    expect(text).toContain('Read and answer: https://muster.example/#/chats/c1');
    expect(text).toContain('“Messages and chat requests” is set to “Mail at once”');
    expect(text).toContain(
      'Stop mail about messages and chat requests: https://muster.example/#/unsubscribe?token=t',
    );
  });

  it('a mission chat: “N new messages in <title>”, naming the writers, to the mission chat', async () => {
    const mail = chatBurstMail({
      firstName: 'Bea',
      unread: 1,
      writers: 1,
      last: { name: 'Wes Tan', username: 'wes', body: 'Wire next' },
      mission: { title: 'Dune fence' },
      links: links('https://muster.example/#/chat/m1'),
    });
    expect(mail.subject).toBe('A new message in Dune fence');
    const three = chatBurstMail({
      firstName: 'Bea',
      unread: 5,
      writers: 3,
      last: { name: 'Wes Tan', username: 'wes', body: 'Wire next' },
      mission: { title: 'Dune fence' },
      links: links('https://muster.example/#/chat/m1'),
    });
    expect(three.subject).toBe('5 new messages in Dune fence');
    const { text } = await renderMail(three.element);
    expect(text).toContain(
      'Wes Tan and 2 others wrote 5 messages in the “Dune fence” chat while you were away.',
    );
    expect(text).toContain('Open the chat: https://muster.example/#/chat/m1');
  });

  it('a chat request: who asked, what they wrote, and the requests page', async () => {
    const mailInput = {
      firstName: 'Ana',
      sender: { name: 'Sam Hart', username: 'sam' },
      message: 'Could you lend the generator?',
      links: links('https://muster.example/#/requests'),
    };
    const mail = chatRequestMail(mailInput);
    expect(mail.subject).toBe('Sam Hart asked to send you a message');
    const { text } = await renderMail(mail.element);
    expect(text).toContain(
      'Sam Hart is not among your connections and asked to send you a message on Muster:',
    );
    expect(text).toContain('Could you lend the generator?');

    // A longer message is quoted whole, not cut at the list's 60 characters.
    const long = 'Could you lend the generator on Saturday? We need it for the water pump at the school.';
    const whole = chatRequestMail({ ...mailInput, message: long });
    expect((await renderMail(whole.element)).text).toContain(long);
    expect(text).toContain('See the request: https://muster.example/#/requests');
  });
});
