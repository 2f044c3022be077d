import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';

/**
 * The demo person keeps their feed to the point: they muted a football coach whose match reports
 * they do not follow, and blocked someone, so /settings/muted and /settings/blocked show how it
 * looks. (Whom they blocked is nobody's business; the demo needs one.)
 */
const MUTED = 'liam_walsh';
const BLOCKED = 'jonas_berg';

export const safetySeed: DemoSeed = {
  name: 'safety',
  async run({ db }) {
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const [me, muted, blocked] = [users.get(DEMO_LOGIN.username), users.get(MUTED), users.get(BLOCKED)];
    if (!me || !muted || !blocked) return;
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    await db.insertInto('mutes').values({ muterId: me, mutedId: muted, createdAt: weekAgo }).execute();
    await db.insertInto('blocks').values({ blockerId: me, blockedId: blocked, createdAt: weekAgo }).execute();
  },
};
