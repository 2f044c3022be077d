import type { CaseSummary } from '@muster/contract/moderation-queue';

/** What the queue calls each kind of reported thing. */
export const targetLabels: Record<CaseSummary['targetType'], string> = {
  post: 'Post',
  comment: 'Comment',
  user: 'Profile',
  collaboration: 'Collaboration request',
  message: 'Message',
};

export const personName = (p: { firstName: string; lastName: string; username: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || `@${p.username}`;

/** The words a card starts with: what was said, or who, for a profile. */
export function snapshotHeadline(s: CaseSummary['snapshot']): string {
  switch (s.type) {
    case 'post':
      return s.title || s.content;
    case 'comment':
      return s.content;
    case 'user':
      return `${personName(s.person)}${s.headline ? ` · ${s.headline}` : ''}`;
    case 'message':
      return s.body;
    case 'collaboration':
      return s.title;
  }
}

/** The choices of the case page's "Take action" form (issue 35 item 3). */
export const contentActionLabels = {
  none: 'Leave it up',
  hide: 'Hide it',
  delete: 'Delete it',
} as const;
export const contentActionHints = {
  none: '',
  hide: 'Nobody but its author sees it; they are told why.',
  delete: 'Removed for everyone, its author too. This cannot be undone.',
} as const;
export const accountActionLabels = {
  none: 'No action',
  warn: 'Warn',
  limit: 'Limit',
  suspend: 'Suspend',
} as const;
export const accountActionHints = {
  none: '',
  warn: 'A strike on their record, and a message with your reason.',
  limit: 'Their posts reach only their connections and they cannot message strangers.',
  suspend: 'Signed out everywhere at once; sign-in is refused, with your reason and the end date.',
} as const;
