import {
  defaultNoticeChannels,
  noticeKinds,
  type NotificationSettingsUpdate,
  type NotificationSettingsView,
} from '@muster/contract/notification-settings';
import type { Db } from '../../db/database.js';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import {
  findMissionChoices,
  findNotificationSettings,
  saveMissionLevels,
  saveNotificationSettings,
  type SettingsChange,
} from './notification-settings.queries.js';
import { presentNotificationSettings } from './notification-settings.present.js';

async function settingsOf(db: Db, userId: string): Promise<NotificationSettingsView> {
  const row = await findNotificationSettings(db, userId);
  return presentNotificationSettings(row, await findMissionChoices(db, userId));
}

/** My settings, the defaults where I never chose, and the missions I may choose a level for. */
export async function myNotificationSettings(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return settingsOf(deps.db, me.id);
}

/**
 * Changes any part of my settings. A channel equal to its kind's default is stored as no choice,
 * so a better default later reaches me (decision 061). A mission level is taken only for a
 * mission on my list: one I may not see, left, or that does not exist is refused the same way,
 * and nothing is written.
 */
export async function updateMyNotificationSettings(
  deps: Deps,
  viewer: Viewer | null,
  input: NotificationSettingsUpdate,
) {
  const me = requireViewer(viewer);
  return inTransaction(deps.db, async (trx) => {
    if (input.missions?.length) {
      const named = input.missions.map((m) => m.missionId);
      const mine = new Set((await findMissionChoices(trx, me.id, named)).map((c) => c.missionId));
      const details = input.missions.flatMap((m, i) =>
        mine.has(m.missionId)
          ? []
          : [{ path: `missions.${i}.missionId`, message: 'Choose one of your missions' }],
      );
      if (details.length) throw badRequest(details[0]!.message, details);
      await saveMissionLevels(trx, me.id, input.missions);
    }
    const { channels = {}, digest, quietHours, timeZone } = input;
    if (Object.keys(channels).length || digest || quietHours || timeZone) {
      // Stored as the browser named it: ICU would rename some zones (Asia/Kolkata as Asia/Calcutta).
      const change: SettingsChange = { channels: {}, resetKinds: [], digest, quiet: quietHours, timeZone };
      for (const kind of noticeKinds) {
        const channel = channels[kind];
        if (channel === undefined) continue;
        if (channel === defaultNoticeChannels[kind]) change.resetKinds.push(kind);
        else change.channels[kind] = channel;
      }
      await saveNotificationSettings(trx, me.id, change);
    }
    return settingsOf(trx, me.id);
  });
}
