import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { newId } from '../../platform/ids.js';

const DAY = 86_400_000;

/**
 * Who knows whom in the demo community: people who work on the same things or live near each
 * other, and the demo person's own circle (the people they chat and post with). Two requests
 * wait for the demo person's answer and one of theirs waits for someone else's, so the Network
 * page and its badge have something to show at first sign-in.
 */
const connections: Array<[string, string]> = [
  [DEMO_LOGIN.username, 'sipho_ndlovu'],
  [DEMO_LOGIN.username, 'ada_okafor'],
  [DEMO_LOGIN.username, 'mei_chen'],
  [DEMO_LOGIN.username, 'grace_mensah'],
  [DEMO_LOGIN.username, 'yuki_tanaka'],
  [DEMO_LOGIN.username, 'maria_santos'],
  ['ada_okafor', 'tunde_bakare'],
  ['ada_okafor', 'sipho_ndlovu'],
  ['ada_okafor', 'kwame_asante'],
  ['kwame_asante', 'grace_mensah'],
  ['grace_mensah', 'wanjiru_kamau'],
  ['grace_mensah', 'omar_haddad'],
  ['omar_haddad', 'maria_santos'],
  ['maria_santos', 'yuki_tanaka'],
  ['yuki_tanaka', 'jonas_berg'],
  ['mei_chen', 'arjun_mehta'],
  ['mei_chen', 'wanjiru_kamau'],
  ['arjun_mehta', 'lena_fischer'],
  ['lena_fischer', 'sofia_rossi'],
  ['sofia_rossi', 'amina_diallo'],
  ['amina_diallo', 'rafael_costa'],
  ['rafael_costa', 'diego_alvarez'],
  ['diego_alvarez', 'tomas_novak'],
  ['diego_alvarez', 'tunde_bakare'],
  ['tunde_bakare', 'tomas_novak'],
  ['liam_walsh', 'jonas_berg'],
  ['sipho_ndlovu', 'wanjiru_kamau'],
];

/** [sender, recipient, days ago]: two for the demo person to answer, one of theirs still waiting. */
const requests: Array<[string, string, number]> = [
  ['kwame_asante', DEMO_LOGIN.username, 1],
  ['omar_haddad', DEMO_LOGIN.username, 3],
  [DEMO_LOGIN.username, 'arjun_mehta', 2],
  ['tunde_bakare', 'sipho_ndlovu', 4],
];

export const networkSeed: DemoSeed = {
  name: 'network',
  async run({ db }) {
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const id = (username: string) => users.get(username);
    const now = Date.now();
    const rows = connections.flatMap(([a, b], i) => {
      const [userId, otherId] = [id(a), id(b)];
      if (!userId || !otherId) return [];
      const createdAt = new Date(now - (40 - i) * DAY);
      return [
        { userId, otherId, createdAt },
        { userId: otherId, otherId: userId, createdAt },
      ];
    });
    if (rows.length) await db.insertInto('connections').values(rows).execute();
    const pending = requests.flatMap(([from, to, daysAgo]) => {
      const [senderId, recipientId] = [id(from), id(to)];
      return senderId && recipientId
        ? [{ id: newId(), senderId, recipientId, createdAt: new Date(now - daysAgo * DAY) }]
        : [];
    });
    if (pending.length) await db.insertInto('connectionRequests').values(pending).execute();
  },
};
