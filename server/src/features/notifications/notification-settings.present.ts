import {
  defaultNotificationSettings,
  noticeKinds,
  type NotificationSettingsView,
} from '@muster/contract/notification-settings';
import type { Selectable } from 'kysely';
import type { NotificationSettingsTable } from '../../db/schema.js';
import { channelFor } from './notice-channels.js';
import type { MissionChoiceRow } from './notification-settings.queries.js';

/**
 * The settings as the person sees them: their choices over the defaults (no row, or a kind not in
 * `channels`, is the default of today, decision 061), and their per-mission list.
 */
export function presentNotificationSettings(
  row: Selectable<NotificationSettingsTable> | undefined,
  choices: MissionChoiceRow[],
): NotificationSettingsView {
  const defaults = defaultNotificationSettings;
  return {
    channels: Object.fromEntries(
      noticeKinds.map((kind) => [kind, channelFor(row?.channels, kind)]),
    ) as NotificationSettingsView['channels'],
    digest: row?.digest ?? defaults.digest,
    quietHours: row
      ? { enabled: row.quietEnabled, start: row.quietStart, end: row.quietEnd }
      : { ...defaults.quietHours },
    timeZone: row?.timeZone ?? defaults.timeZone,
    missions: choices
      .filter((c) => c.level !== 'all')
      .map((c) => ({ missionId: c.missionId, level: c.level })),
    missionChoices: choices.map((c) => ({
      missionId: c.missionId,
      title: c.title,
      role: c.role,
      level: c.level,
    })),
  };
}
