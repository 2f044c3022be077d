import type { MediaStore } from '../platform/media/media.js';
import type { Db } from './database.js';

export type SeedContext = { db: Db; media: MediaStore };

/** A feature's contribution to the demo data; runs once, in order, on an empty database. */
export type DemoSeed = { name: string; run: (ctx: SeedContext) => Promise<void> };

/** The demo account, shown on the sign-in page of the embedded demo database. */
export const DEMO_LOGIN = { username: 'demo', password: 'muster-demo-2026' };
