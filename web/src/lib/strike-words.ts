import type { Strike } from '@muster/contract/moderation-actions';
import { formatDate } from './time';

const contentDone: Record<Strike['content'], string> = {
  none: '',
  hide: 'The content was hidden',
  delete: 'The content was deleted',
};

/**
 * What a strike did, in one sentence, the same words for the moderators (a closed case, an appeal)
 * and for its author (their standing page): "The content was hidden. Account suspended until Mar
 * 8, 2027." Here rather than in a feature, as moderation and safety both say it.
 */
export function whatWasDone(s: Pick<Strike, 'content' | 'account' | 'endsAt'>): string {
  const until = s.endsAt ? ` until ${formatDate(s.endsAt)}` : ' for good';
  const account =
    s.account === 'warn'
      ? 'A warning'
      : s.account === 'limit'
        ? `Account limited${until}`
        : s.account === 'suspend'
          ? `Account suspended${until}`
          : '';
  return [contentDone[s.content], account]
    .filter(Boolean)
    .map((part) => `${part}.`)
    .join(' ');
}
