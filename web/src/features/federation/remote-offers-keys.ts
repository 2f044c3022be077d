const root = ['federation', 'offers'] as const;

/** The offers I sent to other servers (decision 090), as /offers "Made" lists them. */
export const remoteOfferKeys = {
  all: root,
  /** Mine, newest first. */
  sent: [...root, 'sent'] as const,
};
