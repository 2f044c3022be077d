import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicUserSchema } from '@muster/contract/users';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../test/helpers.js';
import { presentCard } from './social.present.js';

/*
 * A person is shown one way (spec §3 User): their card. It is built in two places only, twins:
 * `users.card`, the JSON text the render_user_card trigger keeps (0011, read through `cardOf`),
 * and `presentCard`, for rows read column by column. Issue 33: nothing else builds one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
const strictCard = publicUserSchema.strict();

async function cardText(id: string) {
  return (await t.db.selectFrom('users').select('card').where('id', '=', id).executeTakeFirstOrThrow()).card;
}

describe('the card (issue 33)', () => {
  it('users.card and presentCard are the same card, with a picture or without', async () => {
    for (const overrides of [
      { firstName: 'Ana', lastName: 'Reyes', headline: 'Driver, Umlazi', profilePicture: '/media/ana.webp' },
      { firstName: 'Zoë "Z"', lastName: 'O’Brien \\ Ngũgĩ', headline: '' },
    ]) {
      const { user } = await signedInUser(t, overrides);
      const fromSql: unknown = JSON.parse(await cardText(user.id));
      expect(strictCard.parse(fromSql)).toEqual(fromSql);
      expect(fromSql).toEqual(presentCard(user));
    }
  });

  it('each answer that shows a person shows their card (a notice’s sender: the card less the headline)', async () => {
    const ana = await signedInUser(t, { headline: 'Driver', profilePicture: '/media/ana.webp' });
    const ben = await signedInUser(t, { headline: 'Cook' });
    const anaCard: unknown = JSON.parse(await cardText(ana.user.id));
    const benCard: unknown = JSON.parse(await cardText(ben.user.id));

    const post = (await api('POST', '/posts/create', ben.cookie, { content: 'Soup tonight' })).json().data;
    expect(post.author).toEqual(benCard);
    await api('POST', `/posts/${post._id}/like`, ana.cookie);
    const comment = (
      await api('POST', `/posts/${post._id}/comments`, ana.cookie, { content: 'Coming' })
    ).json().data;
    expect(comment.author).toEqual(anaCard);
    expect((await api('GET', `/posts/${post._id}/comments`, ben.cookie)).json().data[0].author).toEqual(
      anaCard,
    );

    const sent = (
      await api('POST', '/chats/send', ana.cookie, { recipientId: ben.user.id, message: 'At six?' })
    ).json().data;
    expect(sent.sender).toEqual(anaCard);
    const conversation = (await api('GET', `/chats/${sent.chatId}/messages`, ben.cookie)).json().data;
    expect(conversation.messages[0].sender).toEqual(anaCard);
    expect(conversation.chat.otherUser).toEqual(anaCard);
    expect((await api('GET', '/chats', ben.cookie)).json().data[0].otherUser).toEqual(anaCard);

    const notices = (await api('GET', '/notifications', ben.cookie)).json().data as Array<{
      sender: unknown;
    }>;
    expect(notices.length).toBeGreaterThan(0);
    const {
      headline: _headline,
      verifiedOrg: _verifiedOrg,
      ...anaSender
    } = anaCard as Record<string, unknown>;
    for (const n of notices) expect(n.sender).toEqual(anaSender);
  });

  it('no server file but social.present.ts writes a card out by hand', () => {
    const src = path.dirname(fileURLToPath(import.meta.url)).replace(/social$/, '');
    const files = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !/\.(test|seed)\.ts$/.test(f) && !f.includes('migrations'));
    // An object literal with a card's keys: an id as the contract names it, a username, a picture.
    const cards: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isObjectLiteralExpression(node)) {
          const keys = new Set(
            node.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : '')),
          );
          if (['_id', 'username', 'profilePicture'].every((k) => keys.has(k)))
            cards.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(files.length).toBeGreaterThan(100);
    expect(cards).toEqual([expect.stringMatching(/^social\/social\.present\.ts:\d+$/)]);
  });
});
