import { describe, expect, it } from 'vitest';
import type { Digest } from './digest-content.js';
import type { DigestMailLinks } from './digest-mail.js';
import { renderDigestMailWhole } from './digest-mail.js';
import { renderDigestMailFromPieces } from './digest-render.js';

/**
 * The digest mail put together from its pieces is, to the character, the mail React renders whole
 * (decision 065): HTML and text, for digests of every shape, with the characters React escapes,
 * white space a name may carry, and previews short and long.
 */
const links: DigestMailLinks = {
  home: 'http://localhost:3000/',
  open: (path) => `http://localhost:3000/#${path}`,
  unsubscribe: 'http://localhost:3000/#/unsubscribe?token=v1.0190.digest.abc_DEF-9',
};

const item = (n: number, detail?: string) => ({
  text: `Person ${n} needs “Thing <${n}> & more”`,
  path: `/post/${n}`,
  ...(detail !== undefined ? { detail } : {}),
});

const shapes: Array<[string, Digest]> = [
  [
    'one line',
    {
      frequency: 'daily',
      firstName: 'Ana',
      sections: [{ key: 'tags', title: 'Tags you follow', items: [item(1)] }],
    },
  ],
  [
    'every section, weekly, names with quotes and ampersands',
    {
      frequency: 'weekly',
      firstName: `Zoë "Z" O'Brien & co`,
      sections: [
        {
          key: 'notices',
          title: 'For you',
          items: [item(1, 'From Dana Lee, Kofi Mensah and 2 others'), item(2)],
          more: { count: 12, text: 'See all your notifications', path: '/notifications' },
        },
        { key: 'missions', title: 'Your missions', items: [item(3)] },
        {
          key: 'network',
          title: 'Your network',
          items: [item(4), item(5), item(6)],
          more: { count: 30, text: '33 new posts from your connections in all', path: '/' },
        },
        { key: 'tags', title: 'Tags you follow', items: [item(7, '“a” · “b <c>”')] },
        {
          key: 'matches',
          title: 'Needs you could help with',
          items: [item(8, 'Matches your offer “Van & driver”')],
          more: { count: 0, text: 'See all your matches', path: '/matches' },
        },
      ],
    },
  ],
  [
    'a preview past 150 characters, and words of other scripts',
    {
      frequency: 'daily',
      firstName: 'Ярослава',
      sections: [
        {
          key: 'tags',
          title: 'Tags you follow',
          items: Array.from({ length: 5 }, (_, n) => ({
            text: `50+ new posts in #${'very-long-tag-name-'.repeat(2)}${n}`,
            path: `/hashtag/${n}`,
            detail: '“東京の避難所” · “Ayuda $1 & $& $$”',
          })),
        },
        { key: 'matches', title: 'Needs you could help with', items: [item(9)] },
      ],
    },
  ],
];

describe('the digest mail from its pieces', () => {
  for (const [name, digest] of shapes)
    it(`equals the whole render: ${name}`, async () => {
      const whole = await renderDigestMailWhole(digest, links);
      const pieces = await renderDigestMailFromPieces(digest, links);
      expect(pieces.subject).toBe(whole.subject);
      expect(pieces.html).toBe(whole.html);
      expect(pieces.text).toBe(whole.text);
    });
});
