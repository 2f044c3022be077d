import { preview } from '@muster/contract/notification-rules';
import { MailButton, MailGreeting, MailLayout, MailPerson, MailQuote, MailText } from './layout.js';
import { kindFooter, quoted, type NoticeMail } from './notice-mails.js';

/**
 * The mails of kind 'chats' (issue 34 item 2, decisions 063 and 066): a chat's burst of messages,
 * told once when it ends, and a stranger's chat request. The notice mails' frame, footer and
 * one-click unsubscribe; the words are the chats' own. Everything is text in React elements, which
 * escape it: a message cannot become markup.
 */

/** Absolute links: the instance, the chat (or the requests), settings, the 'chats' unsubscribe page. */
export type ChatMailLinks = { home: string; open: string; settings: string; unsubscribe: string };

export type ChatBurstWords = {
  /** What they have not read of the burst, and how many people wrote it. */
  unread: number;
  writers: number;
  /** The newest of those messages and its writer. */
  last: { name: string; username: string; body: string };
  /** A mission's chat: its title; a direct chat has none. */
  mission?: { title: string | null } | undefined;
};

export type ChatBurstMailInput = ChatBurstWords & { firstName: string; links: ChatMailLinks };

export type ChatRequestMailInput = {
  firstName: string;
  sender: { name: string; username: string };
  message: string;
  links: ChatMailLinks;
};

const times = (n: number) => (n === 1 ? 'a message' : `${n} messages`);

/** A message's first words on one line, as the notices' list previews them (60 characters). */
export const firstWords = (text: string) => preview(text.replace(/\s+/g, ' ').trim());

/**
 * What a burst is, in a line: "Kofi Mensah sent you 4 messages" (a direct chat), "4 new messages
 * in Dune fence" (a mission's chat). The mail's subject and the push's title.
 */
export function burstSentence(b: ChatBurstWords): string {
  if (b.mission) {
    const title = b.mission.title ?? 'your mission';
    return `${b.unread === 1 ? 'A new message' : `${b.unread} new messages`} in ${title}`;
  }
  return `${b.last.name} sent you ${times(b.unread)}`;
}

export const requestSentence = (senderName: string) => `${senderName} asked to send you a message`;

export function chatBurstMail(input: ChatBurstMailInput): NoticeMail {
  const { last, links } = input;
  const said = firstWords(last.body);
  const subject = burstSentence(input);
  let lead: string;
  let button: string;
  if (input.mission) {
    const title = input.mission.title ?? 'your mission';
    const n = input.writers - 1;
    const who = n > 0 ? `${last.name} and ${n} ${n === 1 ? 'other' : 'others'}` : last.name;
    lead = `${who} wrote ${times(input.unread)} in the ${input.mission.title ? `“${title}”` : title} chat while you were away. The newest, from ${last.name}:`;
    button = 'Open the chat';
  } else {
    lead = `${last.name} sent you ${times(input.unread)} on Muster. ${input.unread === 1 ? 'It says' : 'The newest'}:`;
    button = 'Read and answer';
  }
  const element = (
    <MailLayout preview={said} homeUrl={links.home} footer={kindFooter('chats', links)}>
      {input.mission ? null : <MailPerson name={last.name} username={last.username} />}
      <MailGreeting>Hi {input.firstName},</MailGreeting>
      <MailText>{lead}</MailText>
      <MailQuote>{quoted(last.body) ?? said}</MailQuote>
      <MailButton href={links.open}>{button}</MailButton>
    </MailLayout>
  );
  return { subject, preview: said, element };
}

export function chatRequestMail(input: ChatRequestMailInput): NoticeMail {
  const { sender, links } = input;
  const said = firstWords(input.message);
  const element = (
    <MailLayout preview={said} homeUrl={links.home} footer={kindFooter('chats', links)}>
      <MailPerson name={sender.name} username={sender.username} />
      <MailGreeting>Hi {input.firstName},</MailGreeting>
      <MailText>
        {sender.name} is not among your connections and asked to send you a message on Muster:
      </MailText>
      <MailQuote>{quoted(input.message) ?? said}</MailQuote>
      <MailText>Accept it to answer, or decline it (they only learn that it was not accepted).</MailText>
      <MailButton href={links.open}>See the request</MailButton>
    </MailLayout>
  );
  return { subject: requestSentence(sender.name), preview: said, element };
}
