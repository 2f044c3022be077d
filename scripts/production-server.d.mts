// Types for production-server.mjs, for the TypeScript that imports it (an end-to-end journey).
export function startServer(options?: {
  env?: Record<string, string>;
  /** The data directory of an earlier run, stopped with `keepData`. */
  dataDir?: string;
}): Promise<{ base: string; dataDir: string; stop: (options?: { keepData?: boolean }) => Promise<void> }>;
export function demoCookie(base: string): Promise<string>;
