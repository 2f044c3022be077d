const root = ['unsubscribe'] as const;

/** The unsubscribe page's cache: what each link stops, by its token. */
export const unsubscribeKeys = {
  all: root,
  link: (token: string) => [...root, token] as const,
};
