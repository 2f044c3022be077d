import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { newId } from '../../platform/ids.js';
import { directKey } from './chats.service.js';

/** The demo person's conversations: advice from afar, a local researcher, and the neighbour they work with; and two chat requests. */
const conversations: Array<{
  with: string;
  lines: Array<[from: 'them' | 'me', text: string]>;
  readByDemo: boolean;
}> = [
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
      [
        'me',
        'Hello Mei, we have a small mangrove forest at Beachwood, where the uMngeni meets the sea. Does your work apply to estuaries like ours?',
      ],
      [
        'them',
        'It should, if the belt is deep enough. Do you know roughly how far it is from the river to the dunes?',
      ],
      ['me', 'Maybe 200 metres at the widest point. I will pace it out properly this weekend.'],
      ['them', 'Perfect. Send me a few photos at low tide and I will tell you what to look for.'],
    ],
  },
  {
    with: 'ada_okafor',
    readByDemo: false,
    lines: [
      [
        'them',
        'Hi Dana, I saw your call for bakkies. When we ran the Ikeja depot through the floods, numbering every parcel by street saved us hours.',
      ],
      ['me', 'That is clever. We have been sorting by surname and it is chaos at the door.'],
      [
        'them',
        'Send me an email address and I will share our tracking sheet and the loading plan. Happy to get on a call with Sipho too.',
      ],
    ],
  },
];

/**
 * Chat requests waiting for the demo person (issue 15). Dana takes messages only from her
 * connections (the accounts seed: a flood brings her more messages than she can read), so people
 * outside her network who want to help write to her this way: neither is a connection of hers, nor
 * has asked to be one.
 */
const chatRequests: Array<{ from: string; hoursAgo: number; message: string }> = [
  {
    from: 'sofia_rossi',
    hoursAgo: 5,
    message:
      'Hello Dana, I design flat-pack shelters that one family can put up in an hour, and I have been reading your posts from Umlazi. Would two of your volunteer families test a prototype this season? I would ship them to Durban at my cost and ask only for honest notes on what fails.',
  },
  {
    from: 'wanjiru_kamau',
    hoursAgo: 26,
    message:
      'Hi Dana, after a flood, tanks and standpipes often carry E. coli for weeks, even when the water looks clear. Our lab in Nairobi can post field test kits for the Chatsworth water points if someone there can take samples. I am happy to walk your team through it on a call.',
  },
];

export const chatsSeed: DemoSeed = {
  name: 'chats',
  async run({ db }) {
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const me = users.get(DEMO_LOGIN.username);
    if (!me) return;
    for (const [c, convo] of conversations.entries()) {
      const them = users.get(convo.with);
      if (!them) continue;
      const chatId = newId();
      let at = Date.now() - (conversations.length - c) * 3 * 3600_000;
      await db
        .insertInto('chats')
        .values({ id: chatId, kind: 'direct', directKey: directKey(me, them), createdAt: new Date(at) })
        .execute();
      for (const [from, text] of convo.lines) {
        at += 7 * 60_000;
        await db
          .insertInto('chatMessages')
          .values({
            id: newId(),
            chatId,
            senderId: from === 'me' ? me : them,
            body: text,
            createdAt: new Date(at),
          })
          .execute();
      }
      await db
        .updateTable('chats')
        .set({ lastMessageAt: new Date(at) })
        .where('id', '=', chatId)
        .execute();
      // Both wrote in these chats, so each takes the other's messages there (0018).
      await db
        .insertInto('chatMembers')
        .values([
          { chatId, userId: them, lastReadAt: new Date(at), acceptsMessages: true },
          {
            chatId,
            userId: me,
            lastReadAt: convo.readByDemo ? new Date(at) : new Date(at - 60_000),
            acceptsMessages: true,
          },
        ])
        .execute();
    }
    for (const r of chatRequests) {
      const from = users.get(r.from);
      if (!from) continue;
      await db
        .insertInto('chatRequests')
        .values({
          id: newId(),
          senderId: from,
          recipientId: me,
          message: r.message,
          createdAt: new Date(Date.now() - r.hoursAgo * 3600_000),
        })
        .execute();
    }
  },
};

/** A few lines in the demo person's mission chat: the team at work, one message unread. */
const missionChatLines: Array<[from: string, text: string]> = [
  [
    'sipho_ndlovu',
    'Sandbags are stacked at the V Section hall: four hundred, and another two hundred on Thursday.',
  ],
  [
    DEMO_LOGIN.username,
    'Thank you! Saturday we start at Malukazi at eight. Ada, Lena: a street each, as before?',
  ],
  ['ada_okafor', 'Yes. I printed the parcel numbers by street, like we did in Ikeja.'],
  ['lena_fischer', 'I will bring the shift sheet. Who has the mattress list?'],
];

/**
 * Every mission's group chat, with its members (the live app makes it on `mission.created` and
 * keeps it by the membership events; demo missions are written without events), and some history
 * in the demo person's own mission. Runs after the missions seed; with no missions it does nothing.
 */
export const missionChatsSeed: DemoSeed = {
  name: 'mission-chats',
  async run({ db }) {
    const missions = await db
      .selectFrom('missions')
      .select(['id', 'title', 'ownerId', 'createdAt'])
      .execute();
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    for (const m of missions) {
      const chatId = newId();
      const members = await db
        .selectFrom('missionMembers')
        .select(['userId', 'joinedAt'])
        .where('missionId', '=', m.id)
        .execute();
      const isDemoOwner = m.ownerId === users.get(DEMO_LOGIN.username);
      const lines = isDemoOwner
        ? missionChatLines.flatMap(([u, text]) =>
            users.get(u) && members.some((x) => x.userId === users.get(u))
              ? [{ senderId: users.get(u)!, text }]
              : [],
          )
        : [];
      let at = Date.now() - (lines.length + 1) * 45 * 60_000;
      await db
        .insertInto('chats')
        .values({
          id: chatId,
          kind: 'mission',
          missionId: m.id,
          createdAt: m.createdAt,
          lastMessageAt: lines.length ? new Date(at + lines.length * 45 * 60_000) : m.createdAt,
        })
        .execute();
      if (members.length) {
        // The demo person has read all but the last line; everyone else is up to date.
        const lastAt = new Date(at + lines.length * 45 * 60_000);
        const readTo = (userId: string) =>
          isDemoOwner && userId === m.ownerId && lines.length ? new Date(lastAt.getTime() - 60_000) : lastAt;
        await db
          .insertInto('chatMembers')
          .values(
            members.map((x) => ({
              chatId,
              userId: x.userId,
              joinedAt: x.joinedAt,
              lastReadAt: readTo(x.userId),
            })),
          )
          .execute();
      }
      for (const line of lines) {
        at += 45 * 60_000;
        await db
          .insertInto('chatMessages')
          .values({ id: newId(), chatId, senderId: line.senderId, body: line.text, createdAt: new Date(at) })
          .execute();
      }
    }
  },
};
