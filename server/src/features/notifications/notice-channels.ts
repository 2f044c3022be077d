import {
  defaultNoticeChannels,
  noticeKinds,
  type NoticeChannel,
  type NoticeKind,
} from '@muster/contract/notification-settings';

export const isNoticeKind = (kind: string | null): kind is NoticeKind =>
  kind !== null && (noticeKinds as readonly string[]).includes(kind);

/** The channel a person chose for a kind, or the default when they never did. */
export function channelFor(
  channels: Record<string, string> | null | undefined,
  kind: NoticeKind,
): NoticeChannel {
  const chosen = channels?.[kind];
  return (chosen as NoticeChannel | undefined) ?? defaultNoticeChannels[kind];
}

type QuietHours = { enabled: boolean; start: string; end: string; timeZone: string };

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + m!;
};

/** The wall-clock minutes of the day at `now` in `timeZone`. */
function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * When quiet hours hold `now`, the moment they end (what waits is sent then); otherwise null.
 * Start after end spans midnight (22:00–07:00); start equal to end is no quiet time at all.
 */
export function quietUntil(quiet: QuietHours, now: Date): Date | null {
  if (!quiet.enabled) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const at = localMinutes(now, quiet.timeZone);
  const inside = start < end ? at >= start && at < end : at >= start || at < end;
  if (!inside) return null;
  const minutesLeft = (end - at + 24 * 60) % (24 * 60);
  const until = new Date(now.getTime() + minutesLeft * 60_000);
  until.setUTCSeconds(0, 0);
  return until;
}
