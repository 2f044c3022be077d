// Types for production-server.mjs, for the TypeScript that imports it (an end-to-end journey).
export function startServer(options?: {
  env?: Record<string, string>;
  /** A data directory of the caller's, kept at stop (the server may start again on it). */
  dataDir?: string;
}): Promise<{ base: string; stop: () => Promise<void> }>;
export function demoCookie(base: string): Promise<string>;
