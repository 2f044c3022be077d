const root = ['verification'] as const;

/** The verification feature's query keys (decision 069): every one starts at `verificationKeys.all`. */
export const verificationKeys = {
  all: root,
  /** GET /verification/me: my latest request. */
  mine: [...root, 'mine'] as const,
  /** The moderators' lists, one per status. */
  staff: [...root, 'staff'] as const,
  staffList: (status: 'waiting' | 'approved') => [...root, 'staff', status] as const,
};
