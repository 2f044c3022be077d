/**
 * Zod-free half of alerts.ts (decision 030): what the settings page and the "Get alerts like this"
 * dialog read before they load a schema (issue 37 item 2, decision 080).
 */

/** The kinds of post an alert can be about; a new alert is about needs and wants. */
export const alertKinds = ['need', 'want', 'provision'] as const;
export type AlertKind = (typeof alertKinds)[number];
export const DEFAULT_ALERT_KINDS: AlertKind[] = ['need', 'want'];

/** How many alerts one person keeps: enough for a few places and a few things, not a crawler's net. */
export const ALERTS_PER_PERSON = 20;
/** Alert notices one person gets in any 24 hours, however many alerts and posts fit. */
export const ALERT_NOTICES_PER_DAY = 3;

export const ALERT_NAME_MAX = 80;
export const ALERT_WORDS_MAX = 200;

export const alertKindLabels: Record<AlertKind, string> = {
  need: 'Needs',
  want: 'Wants',
  provision: 'Offers',
};
