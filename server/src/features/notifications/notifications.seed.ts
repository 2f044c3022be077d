import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { createNotification } from './notifications.service.js';

export const notificationsSeed: DemoSeed = {
  name: 'notifications',
  async run({ db }) {
    const users = await db.selectFrom('users').select(['id', 'username']).execute();
    for (const u of users) {
      await createNotification(db, {
        userId: u.id,
        type: 'systemNotification',
        message: 'Welcome to Muster! Complete your profile, then share a need or an offer so people can find you.',
      });
    }
    const demo = users.find((u) => u.username === DEMO_LOGIN.username);
    const ada = users.find((u) => u.username === 'ada_okafor');
    const mei = users.find((u) => u.username === 'mei_chen');
    if (!demo || !ada || !mei) return;
    await createNotification(db, {
      userId: demo.id,
      type: 'systemNotification',
      senderId: ada.id,
      relatedUserId: ada.id,
      message: 'Ada Okafor viewed your profile after your flood-relief update.',
    });
    await createNotification(db, {
      userId: demo.id,
      type: 'systemNotification',
      senderId: mei.id,
      relatedUserId: mei.id,
      message: 'Mei Chen is looking for volunteers with boats near you — say hello.',
    });
  },
};
