import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { newId } from '../../platform/ids.js';

const conversations: Array<{ with: string; lines: Array<[from: 'them' | 'me', text: string]>; readByDemo: boolean }> = [
  {
    with: 'ada_okafor',
    readByDemo: false,
    lines: [
      ['them', 'Hi Dana, I saw you have two vans free this weekend. Could they help with our flood supply runs?'],
      ['me', 'Yes! Both are high-clearance. Where do we load?'],
      ['them', 'Ikeja depot, 7am Saturday. I will send the route tonight. Thank you!'],
    ],
  },
  {
    with: 'mei_chen',
    readByDemo: true,
    lines: [
      ['me', 'Hello Mei, my cousin has a small boat near Pasir Ris. Is that close to your survey sites?'],
      ['them', 'Very close — site 12 is right there. Would she come on the 14th?'],
    ],
  },
];

const directKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export const chatsSeed: DemoSeed = {
  name: 'chats',
  async run({ db }) {
    const users = new Map((await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
    const me = users.get(DEMO_LOGIN.username);
    if (!me) return;
    for (const [c, convo] of conversations.entries()) {
      const them = users.get(convo.with);
      if (!them) continue;
      const chatId = newId();
      let at = Date.now() - (conversations.length - c) * 3 * 3600_000;
      await db.insertInto('chats').values({ id: chatId, kind: 'direct', directKey: directKey(me, them), createdAt: new Date(at) }).execute();
      for (const [from, text] of convo.lines) {
        at += 7 * 60_000;
        await db.insertInto('chatMessages').values({ id: newId(), chatId, senderId: from === 'me' ? me : them, body: text, createdAt: new Date(at) }).execute();
      }
      await db.updateTable('chats').set({ lastMessageAt: new Date(at) }).where('id', '=', chatId).execute();
      await db
        .insertInto('chatMembers')
        .values([
          { chatId, userId: them, lastReadAt: new Date(at) },
          { chatId, userId: me, lastReadAt: convo.readByDemo ? new Date(at) : new Date(at - 60_000) },
        ])
        .execute();
    }
  },
};
