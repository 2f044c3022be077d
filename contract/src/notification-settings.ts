import { z } from 'zod';

/**
 * Issue 34 (decision 061): how a person is told of each kind of notice away from an open tab.
 * Every notice is in the app; its kind's channel says what else happens to it.
 */
export const noticeKinds = [
  'offers',
  'matches',
  'chats',
  'connections',
  'missionJoins',
  'missionUpdates',
  'tasks',
  'stillNeeded',
  'likes',
  'comments',
  'mentions',
  'verification',
  'safety',
  'alerts',
] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** 'app': in the app only; 'mail': mailed at once; 'digest': in the next digest; 'push': pushed to the person's devices. */
export const noticeChannels = ['app', 'mail', 'digest', 'push'] as const;
export type NoticeChannel = (typeof noticeChannels)[number];

export const noticeKindLabels: Record<NoticeKind, { label: string; hint: string }> = {
  offers: {
    label: 'Offers of help',
    hint: 'Someone offers to help with your need, want or mission, or answers your offer',
  },
  matches: { label: 'Matches', hint: 'A need, want or provision that fits one of yours' },
  chats: {
    label: 'Messages and chat requests',
    hint: 'New messages while you are away, and requests to chat',
  },
  connections: { label: 'Connections', hint: 'Connection requests, and people accepting yours' },
  missionJoins: { label: 'Joining missions', hint: 'Requests to join your missions, and answers to yours' },
  missionUpdates: { label: 'Mission updates', hint: 'New updates in missions you belong to or follow' },
  tasks: { label: 'Tasks', hint: 'Tasks given to you or added to your missions, and their moves' },
  stillNeeded: { label: '“Still needed?”', hint: 'A need of yours is about to expire' },
  likes: { label: 'Likes', hint: 'Someone likes your post' },
  comments: { label: 'Comments and replies', hint: 'Comments on your posts and replies to your comments' },
  mentions: { label: 'Mentions', hint: 'Someone mentions you in a post or a comment' },
  verification: {
    label: 'Organisation verification',
    hint: 'A moderator’s answer to your request to be verified as an organisation',
  },
  safety: {
    label: 'Your account’s standing',
    hint: 'A moderator acted on something you posted or on your account, or answered your appeal',
  },
  alerts: {
    label: 'Alerts near you',
    hint: 'A new need or offer fits one of your saved alerts (at most a few a day)',
  },
};

export const noticeChannelLabels: Record<NoticeChannel, string> = {
  app: 'In the app only',
  mail: 'Mail at once',
  digest: 'In the digest',
  push: 'Push',
};

/**
 * What a thoughtful product chooses before the person does (decision 061): what asks for an
 * action (an offer, a match, a task, a need about to expire) mails at once; what is only nice to
 * know waits for the digest; likes never leave the app.
 */
export const defaultNoticeChannels: Record<NoticeKind, NoticeChannel> = {
  offers: 'mail',
  matches: 'mail',
  chats: 'mail',
  connections: 'digest',
  missionJoins: 'mail',
  missionUpdates: 'digest',
  tasks: 'mail',
  stillNeeded: 'mail',
  likes: 'app',
  comments: 'digest',
  mentions: 'mail',
  // The answer to something the person asked for and waits on (decision 069).
  verification: 'mail',
  // A moderator hid, removed, warned, limited or suspended (decision 070): the person must know at
  // once, and why, to change course or appeal. A suspension's mail goes whatever the channel.
  safety: 'mail',
  // A need near someone who asked to hear of it (decision 080): they asked, and help is timely.
  // At most ALERT_NOTICES_PER_DAY a day, so mail at once does not flood.
  alerts: 'mail',
};

export const digestFrequencies = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof digestFrequencies)[number];

/**
 * Per mission, which of its updates reach me (decision 062): every one; only the important ones
 * (posted by the people who lead it, its owner and partners, or marked as an emergency); or none,
 * not even in the app. What concerns me directly (a task, an answer to my join request) is another
 * kind and comes whatever the level.
 */
export const missionNoticeLevels = ['all', 'important', 'none'] as const;
export type MissionNoticeLevel = (typeof missionNoticeLevels)[number];

/** How the person stands in a mission of their per-mission list. */
export const missionNoticeRoles = ['owner', 'partner', 'collaborator', 'follower'] as const;
export type MissionNoticeRole = (typeof missionNoticeRoles)[number];

/** The most missions one settings answer lists, and one change names. */
export const MISSION_CHOICES_MAX = 500;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 22:00');

export const timeZoneSchema = z
  .string()
  .min(1, 'Choose a time zone')
  .max(64, 'Not a time zone')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Not a time zone');

export const quietHoursSchema = z
  .object({
    enabled: z.boolean(),
    /** Local times in `timeZone`; start after end spans midnight (22:00–07:00). */
    start: clock,
    end: clock,
  })
  .strict()
  // Equal ends would be no quiet time at all (notice-channels.ts), which nobody means to choose.
  .refine((q) => q.start !== q.end, {
    message: 'Quiet hours end at another time than they start',
    path: ['end'],
  });

const missionLevelSchema = z
  .object({ missionId: z.uuid('Not a mission'), level: z.enum(missionNoticeLevels) })
  .strict();

export const notificationSettingsSchema = z.object({
  channels: z.object(
    Object.fromEntries(noticeKinds.map((k) => [k, z.enum(noticeChannels)])) as Record<
      NoticeKind,
      z.ZodEnum<{ [C in NoticeChannel]: C }>
    >,
  ),
  digest: z.enum(digestFrequencies),
  quietHours: quietHoursSchema,
  timeZone: timeZoneSchema,
  /** Missions whose level is not 'all' (the default). */
  missions: z.array(missionLevelSchema).max(MISSION_CHOICES_MAX),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const defaultNotificationSettings: NotificationSettings = {
  channels: { ...defaultNoticeChannels },
  digest: 'daily',
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  timeZone: 'UTC',
  missions: [],
};

/**
 * PUT takes any part of the settings; what is left out stays as it was. `channels` names only the
 * kinds to change; `missions` sets the level of each mission named ('all' undoes a choice) and
 * leaves the others as they were.
 */
export const notificationSettingsUpdateSchema = z
  .object({
    channels: notificationSettingsSchema.shape.channels.partial().strict(),
    digest: z.enum(digestFrequencies),
    quietHours: quietHoursSchema,
    timeZone: timeZoneSchema,
    missions: notificationSettingsSchema.shape.missions.refine(
      (missions) => new Set(missions.map((m) => m.missionId)).size === missions.length,
      'Name each mission once',
    ),
  })
  .partial()
  .strict();
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

export const missionChoiceSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  role: z.enum(missionNoticeRoles),
  level: z.enum(missionNoticeLevels),
});
export type MissionChoice = z.infer<typeof missionChoiceSchema>;

export const notificationSettingsViewSchema = notificationSettingsSchema.extend({
  /**
   * The ongoing missions whose updates may reach the person (they own, belong to or follow them,
   * and may see them now), each with its level: the per-mission list.
   */
  missionChoices: z.array(missionChoiceSchema).max(MISSION_CHOICES_MAX),
});
export type NotificationSettingsView = z.infer<typeof notificationSettingsViewSchema>;

/** GET and PUT answer the settings now held. */
export const notificationSettingsResponseSchema = z.object({ data: notificationSettingsViewSchema });
