import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
type Person = Awaited<ReturnType<typeof signedInUser>>;

/** A need by `author` with a live offer from each helper. */
async function needWithOffers(author: Person, helpers: Person[], kind: 'need' | 'want' = 'need') {
  const created = await api('POST', '/posts/create', author.cookie, {
    kind,
    category: 'Transport',
    title: 'Two vans to Umlazi',
    content: 'Two vans needed to move food parcels on Saturday',
  });
  expect(created.statusCode).toBe(200);
  const id = created.json().data._id as string;
  for (const h of helpers)
    expect((await api('POST', `/posts/${id}/offers`, h.cookie, { message: 'I have a van' })).statusCode).toBe(
      200,
    );
  return id;
}

const fulfil = async (author: Person, id: string, helpers: Person[]) =>
  (
    await api('PATCH', `/posts/${id}`, author.cookie, {
      status: 'fulfilled',
      creditedIds: helpers.map((h) => h.user.id),
    })
  ).statusCode;

/** The credit notices the person holds, as the list shows them. */
async function creditNotices(who: Person) {
  const list = (await api('GET', '/notifications', who.cookie)).json().data as Array<{
    type: string;
    subType: string | null;
    message: string;
    sender: { _id: string } | null;
    relatedPost: { _id: string } | null;
  }>;
  return list.filter((n) => n.subType === 'credited');
}

describe('credit on a fulfilled need (issue 32 item 6)', () => {
  it('tells each credited helper, by the author’s name, with the need to open; nobody else', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    const [kofi, lina, bystander] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    for (const kind of ['need', 'want'] as const) {
      const id = await needWithOffers(ana, [kofi, lina], kind);
      expect(await fulfil(ana, id, [kofi, lina])).toBe(200);
      for (const helper of [kofi, lina]) {
        const told = (await creditNotices(helper)).filter((n) => n.relatedPost?._id === id);
        expect(told).toEqual([
          expect.objectContaining({
            type: 'systemNotification',
            message: 'Ana Reyes marked “Two vans to Umlazi” fulfilled with your help',
            sender: expect.objectContaining({ _id: ana.user.id }),
            relatedPost: expect.objectContaining({ _id: id }),
          }),
        ]);
      }
    }
    expect(await creditNotices(bystander)).toEqual([]);
    expect(await creditNotices(ana)).toEqual([]);
  });

  it('tells a helper once per need: marking again, adding another, reopening and fulfilling again', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    const [kofi, lina] = [await signedInUser(t), await signedInUser(t)];
    const id = await needWithOffers(ana, [kofi, lina]);
    expect(await fulfil(ana, id, [kofi])).toBe(200);
    expect(await fulfil(ana, id, [kofi])).toBe(200);
    expect(await fulfil(ana, id, [kofi, lina])).toBe(200);
    expect((await api('PATCH', `/posts/${id}`, ana.cookie, { status: 'open' })).statusCode).toBe(200);
    expect(await fulfil(ana, id, [lina, kofi])).toBe(200);
    expect(await creditNotices(kofi)).toHaveLength(1);
    expect(await creditNotices(lina)).toHaveLength(1);
    // Fulfilled without credit, or credit refused (not an offerer): no notice, nothing written.
    const other = await needWithOffers(ana, [kofi]);
    expect(await fulfil(ana, other, [])).toBe(200);
    expect(await fulfil(ana, other, [lina])).toBe(400);
    expect(await creditNotices(kofi)).toHaveLength(1);
    expect(await creditNotices(lina)).toHaveLength(1);
  });

  it('is silenced like every notice: a helper who muted or blocked the author hears nothing', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    const [muter, blocker] = [await signedInUser(t), await signedInUser(t)];
    const id = await needWithOffers(ana, [muter, blocker]);
    expect((await api('POST', `/users/${ana.user.id}/mute`, muter.cookie)).statusCode).toBe(200);
    const [offerOfBlocker] = await t.db
      .selectFrom('offers')
      .select('id')
      .where('helperId', '=', blocker.user.id)
      .execute();
    expect((await api('POST', `/users/${ana.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
    // A block may take the offer with it; credit goes only to a live offerer, so the mute is the case
    // that reaches the notice, and the blocker is never told either way.
    const credited = [muter, ...(offerOfBlocker && (await stillOffered(offerOfBlocker.id)) ? [blocker] : [])];
    expect(await fulfil(ana, id, credited)).toBe(200);
    const stored = await t.db
      .selectFrom('notifications')
      .select('userId')
      .where('subType', '=', 'credited')
      .where('relatedPostId', '=', id)
      .execute();
    expect(stored).toEqual([]);
  });
});

async function stillOffered(offerId: string) {
  const row = await t.db.selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirst();
  return row !== undefined && ['pending', 'accepted'].includes(row.status);
}
