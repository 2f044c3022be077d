// Types for production-server.mjs, for the TypeScript that imports it (an end-to-end journey).
export function startServer(options?: {
  env?: Record<string, string>;
  /** A data directory prepared beforehand, or an earlier run's stopped with `keepData`; removed at stop unless `keepData`. */
  dataDir?: string;
}): Promise<{ base: string; dataDir: string; stop: (options?: { keepData?: boolean }) => Promise<void> }>;
export function demoCookie(base: string): Promise<string>;
