/** The matching feature's query keys. */
export const matchKeys = {
  all: ['matches'] as const,
};
