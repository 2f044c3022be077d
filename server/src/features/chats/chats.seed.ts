import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { newId } from '../../platform/ids.js';

/** The demo person's conversations: advice from afar, a local researcher, and the neighbour they work with. */
const conversations: Array<{ with: string; lines: Array<[from: 'them' | 'me', text: string]>; readByDemo: boolean }> = [
  {
    with: 'sipho_ndlovu',
    readByDemo: true,
    lines: [
      ['them', 'Dana, the parcels for Chatsworth are packed. Can your vans take them at eight on Saturday?'],
      ['me', 'Both vans will be there at a quarter to. Do you have enough hands to load?'],
      ['them', 'Six volunteers and my nephew, who thinks he is a forklift.'],
      ['me', 'Ha! See you Saturday.'],
    ],
  },
  {
    with: 'mei_chen',
    readByDemo: true,
    lines: [
      ['me', 'Hello Mei, we have a small mangrove forest at Beachwood, where the uMngeni meets the sea. Does your work apply to estuaries like ours?'],
      ['them', 'It should, if the belt is deep enough. Do you know roughly how far it is from the river to the dunes?'],
      ['me', 'Maybe 200 metres at the widest point. I will pace it out properly this weekend.'],
      ['them', 'Perfect. Send me a few photos at low tide and I will tell you what to look for.'],
    ],
  },
  {
    with: 'ada_okafor',
    readByDemo: false,
    lines: [
      ['them', 'Hi Dana, I saw your call for bakkies. When we ran the Ikeja depot through the floods, numbering every parcel by street saved us hours.'],
      ['me', 'That is clever. We have been sorting by surname and it is chaos at the door.'],
      ['them', 'Send me an email address and I will share our tracking sheet and the loading plan. Happy to get on a call with Sipho too.'],
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
