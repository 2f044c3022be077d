import type { FastifyBaseLogger } from 'fastify';
import type { ReactNode } from 'react';
import { renderMail } from '../mail/layout.js';
import { type Digest, digestSubject, digestSummary } from './digest-content.js';
import {
  DigestItemView,
  type DigestMailLinks,
  DigestSectionView,
  DigestShell,
  moreLabel,
  renderDigestMailWhole,
} from './digest-mail.js';

/**
 * The digest mail for 100k people (issue 34 item 5, decision 065). Rendering the whole React tree
 * and turning its HTML into text took ~13 ms a mail on the scale machine — nine tenths of a
 * digest's cost, twenty minutes of a core for everyone. The mail is made of a few parts that only
 * differ in their words and links (the frame, a section, a line with or without its second line),
 * so each part is rendered once per process by the same components and the same renderMail, with
 * a marker where each value goes; a mail is then those parts put together, each value escaped as
 * React escapes it. The text part likewise, from each part's text.
 *
 * Before first use the pieces are checked: a digest that uses every part, put together, must equal
 * what React renders whole, HTML and text, to the character. Should it not (a new react-email
 * that lays a part out differently), every mail is rendered whole, and the log says so.
 */

const slot = (name: string) => `DIGESTSLOT${name}X`;
const SLOTS = {
  firstName: slot('FIRSTNAME'),
  preview: slot('PREVIEW'),
  home: slot('HOME'),
  settings: slot('SETTINGS'),
  unsubscribe: slot('UNSUBSCRIBE'),
  body: slot('BODY'),
  title: slot('TITLE'),
  items: slot('ITEMS'),
  more: slot('MORE'),
  moreHref: slot('MOREHREF'),
  text: slot('TEXT'),
  href: slot('HREF'),
  detail: slot('DETAIL'),
} as const;

type Part = { html: string; text: string };

/** What React's server renderer escapes in text and attribute values, and how. */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#x27;',
  );
/** The text part's words as html-to-text leaves them: runs of white space one space. */
const plain = (value: string) => value.replace(/[ \t\r\n\f\u200b]+/g, ' ');

/** Every occurrence of `slot` in `part` given `value` (no `$` patterns, unlike String.replace). */
const fill = (part: string, values: Array<[string, string]>) =>
  values.reduce((out, [name, value]) => out.split(name).join(value), part);

/** react-email's preview pads itself to 150 characters with invisible ones (@react-email/preview). */
const PREVIEW_LENGTH = 150;

type Pieces = {
  shell: Record<Digest['frequency'], Part>;
  section: Part;
  sectionWithMore: Part;
  item: Part;
  itemWithDetail: Part;
  /** The invisible characters the preview pads with, one round of them. */
  pad: string;
};

async function cutPieces(): Promise<Pieces> {
  const shell = async (frequency: Digest['frequency']) => {
    const frame = (body: ReactNode) =>
      renderMail(
        <DigestShell
          frequency={frequency}
          firstName={SLOTS.firstName}
          preview={SLOTS.preview}
          home={SLOTS.home}
          settings={SLOTS.settings}
          unsubscribe={SLOTS.unsubscribe}
        >
          {body}
        </DigestShell>,
      );
    // The text's sections are blocks, set apart by a blank line: the marker is one there too.
    return { html: (await frame(SLOTS.body)).html, text: (await frame(<p>{SLOTS.body}</p>)).text };
  };
  // renderMail makes a document of whatever it is given: a part's HTML is what the document's
  // doctype and its outer Suspense boundary (<!--$-->…<!--/$-->) wrap.
  const part = async (element: Parameters<typeof renderMail>[0]) => {
    const { html, text } = await renderMail(element);
    return { html: html.replace(/^<!DOCTYPE[^>]*>(<!--\$-->)?/, '').replace(/<!--\/\$-->$/, ''), text };
  };
  const [daily, weekly] = [await shell('daily'), await shell('weekly')];
  const padded = new RegExp(`${SLOTS.preview}<div>([^<]*)</div>`).exec(daily.html)?.[1] ?? '';
  return {
    shell: { daily, weekly },
    section: await part(<DigestSectionView title={SLOTS.title}>{SLOTS.items}</DigestSectionView>),
    sectionWithMore: await part(
      <DigestSectionView title={SLOTS.title} more={{ label: SLOTS.more, href: SLOTS.moreHref }}>
        {SLOTS.items}
      </DigestSectionView>,
    ),
    item: await part(<DigestItemView text={SLOTS.text} href={SLOTS.href} />),
    itemWithDetail: await part(<DigestItemView text={SLOTS.text} href={SLOTS.href} detail={SLOTS.detail} />),
    pad: padded.slice(0, padded.length / (PREVIEW_LENGTH - SLOTS.preview.length)),
  };
}

/** A mail from the pieces. */
function assemble(pieces: Pieces, digest: Digest, links: DigestMailLinks) {
  const html: string[] = [];
  const text: string[] = [];
  for (const section of digest.sections) {
    const items = section.items.map((item) => {
      const piece = item.detail !== undefined ? pieces.itemWithDetail : pieces.item;
      const values = (show: (v: string) => string): Array<[string, string]> => [
        [SLOTS.text, show(item.text)],
        [SLOTS.href, show(links.open(item.path))],
        [SLOTS.detail, show(item.detail ?? '')],
      ];
      return { html: fill(piece.html, values(escapeHtml)), text: fill(piece.text, values(plain)) };
    });
    const piece = section.more ? pieces.sectionWithMore : pieces.section;
    const values = (show: (v: string) => string, lines: string): Array<[string, string]> => [
      [SLOTS.title, show(section.title)],
      [SLOTS.more, section.more ? show(moreLabel(section.more)) : ''],
      [SLOTS.moreHref, section.more ? show(links.open(section.more.path)) : ''],
      [SLOTS.items, lines],
    ];
    html.push(fill(piece.html, values(escapeHtml, items.map((i) => i.html).join(''))));
    text.push(fill(piece.text, values(plain, items.map((i) => i.text).join('\n\n'))));
  }
  const shell = pieces.shell[digest.frequency];
  const preview = digestSummary(digest).substring(0, PREVIEW_LENGTH);
  const previewHtml =
    escapeHtml(preview) +
    (preview.length < PREVIEW_LENGTH
      ? `<div>${pieces.pad.repeat(PREVIEW_LENGTH - preview.length)}</div>`
      : '');
  const values = (show: (v: string) => string): Array<[string, string]> => [
    [SLOTS.firstName, show(digest.firstName)],
    [SLOTS.home, show(links.home)],
    [SLOTS.settings, show(links.open('/settings/notifications'))],
    [SLOTS.unsubscribe, show(links.unsubscribe)],
  ];
  return {
    subject: digestSubject(digest),
    html: fill(
      shell.html.replace(
        new RegExp(`${SLOTS.preview}<div>[^<]*</div>`),
        // A function, so that nothing in the preview is read as a replacement pattern.
        () => previewHtml,
      ),
      [...values(escapeHtml), [SLOTS.body, html.join('')]],
    ),
    text: fill(shell.text, [...values(plain), [SLOTS.body, text.join('\n\n')]]),
  };
}

/** A digest that uses every piece, with every character React escapes: the check before first use. */
const CANARY: Digest = {
  frequency: 'daily',
  firstName: `Ana <b>&</b> "O'Neil"`,
  sections: [
    {
      key: 'notices',
      title: 'For you',
      items: [
        { text: '3 new comments on “Tom & Jerry’s <van>”', path: '/post/1', detail: 'From A, B and 1 other' },
        { text: `Dana's "note"`, path: '/post/2?x=1&y=2' },
      ],
      more: { count: 4, text: 'See all your notifications', path: '/notifications' },
    },
    {
      key: 'matches',
      title: 'Needs you could help with',
      items: [{ text: 'Ben needs “a ride”', path: '/post/3', detail: 'Matches your offer “van”' }],
      more: { count: 0, text: 'See all your matches', path: '/matches' },
    },
    {
      key: 'tags',
      title: 'Tags you follow',
      items: [{ text: '2 new posts in #food', path: '/hashtag/food' }],
    },
  ],
};
const CANARY_LINKS: DigestMailLinks = {
  home: 'https://muster.example/',
  open: (path) => `https://muster.example/#${path}`,
  unsubscribe: 'https://muster.example/#/unsubscribe?token=v1.a.digest.b',
};

let ready: Promise<Pieces | null> | undefined;

/** The pieces, cut and checked once per process; null when they do not add up (render whole then). */
function piecesFor(log?: FastifyBaseLogger): Promise<Pieces | null> {
  ready ??= (async () => {
    const pieces = await cutPieces();
    const whole = await renderDigestMailWhole(CANARY, CANARY_LINKS);
    const made = assemble(pieces, CANARY, CANARY_LINKS);
    if (made.html === whole.html && made.text === whole.text) return pieces;
    log?.warn('the digest mail’s pieces do not add up to the whole mail: rendering each digest whole');
    return null;
  })().catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
}

/** The mail put together from the pieces; throws when they do not add up (its test asks this). */
export async function renderDigestMailFromPieces(digest: Digest, links: DigestMailLinks) {
  const pieces = await piecesFor();
  if (!pieces) throw new Error('the digest mail’s pieces do not add up to the whole mail');
  return assemble(pieces, digest, links);
}

/** The subject, the HTML and the text of a person's digest mail. */
export async function renderDigestMail(digest: Digest, links: DigestMailLinks, log?: FastifyBaseLogger) {
  const pieces = await piecesFor(log);
  return pieces ? assemble(pieces, digest, links) : renderDigestMailWhole(digest, links);
}
