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
