import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories.js';
import { createTestDatabase } from '../test/helpers.js';
import { main } from './admin-grant.js';
import { openDatabase } from './db/database.js';

/**
 * `npm run admin:grant` (decision 067) against a real database the way an operator runs it: the
 * embedded one under DATA_DIR (closed by the "server" first), or PostgreSQL by DATABASE_URL.
 */
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'admin-grant.ts');
let dataDir: string;
let env: Record<string, string>;
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let people: { ada: { id: string; username: string }; bo: { id: string; email: string } };

/** The database as the script left it; closed again before the next run (one process at a time). */
async function read<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const db = handle.url ? handle : await openDatabase({ dataDir });
  try {
    return await work(db.db);
  } finally {
    if (!handle.url) await db.close();
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-admin-grant-'));
  handle = await createTestDatabase({ dataDir });
  const ada = await buildUser(handle.db);
  const bo = await buildUser(handle.db);
  people = { ada, bo };
  env = handle.url ? { DATABASE_URL: handle.url } : { DATA_DIR: dataDir, DATABASE_URL: '' };
  if (!handle.url) await handle.close();
});
afterAll(async () => {
  if (handle.url) await handle.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function run(args: string[]) {
  let out = '';
  let err = '';
  const code = await main(args, env, {
    out: { write: (text) => (out += text) },
    err: { write: (text) => (err += text) },
  });
  return { code, out, err };
}

describe('npm run admin:grant', () => {
  it('makes a person an admin by username, audited once as the server', async () => {
    const first = await run([people.ada.username]);
    expect(first).toMatchObject({ code: 0, out: `@${people.ada.username} is now admin (was member).\n` });
    const again = await run([people.ada.username.toUpperCase(), 'admin']);
    expect(again).toMatchObject({ code: 0, out: expect.stringMatching(/already admin: nothing changed/) });
    const entries = await read((db) =>
      db.selectFrom('moderationAudit').selectAll().where('subjectId', '=', people.ada.id).execute(),
    );
    expect(entries).toMatchObject([
      {
        actorId: null,
        action: 'role.grant',
        reason: 'Given on the command line',
        details: { from: 'member', to: 'admin' },
      },
    ]);
  });

  it('gives and takes the moderator role by address, and keeps the last admin', async () => {
    expect(await run([people.bo.email, 'moderator'])).toMatchObject({ code: 0 });
    expect(await run([people.bo.email, 'member'])).toMatchObject({ code: 0 });
    const last = await run([people.ada.username, 'member']);
    expect(last.code).toBe(1);
    expect(last.err).toMatch(/last admin/);
    const roles = await read((db) =>
      db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('id', 'in', [people.ada.id, people.bo.id])
        .execute(),
    );
    expect(Object.fromEntries(roles.map((r) => [r.id, r.role]))).toEqual({
      [people.ada.id]: 'admin',
      [people.bo.id]: 'member',
    });
    const actions = await read((db) =>
      db
        .selectFrom('moderationAudit')
        .select('action')
        .where('subjectId', '=', people.bo.id)
        .orderBy('createdAt')
        .orderBy('id')
        .execute(),
    );
    expect(actions.map((a) => a.action)).toEqual(['role.grant', 'role.revoke']);
  });

  it('says so for an unknown person or a bad role, and changes nothing', async () => {
    expect(await run(['nobody_here_at_all'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/No account/),
    });
    expect(await run([people.ada.username, 'owner'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/Usage/),
    });
    expect(await run([])).toMatchObject({ code: 2 });
  });

  it('runs as the script npm runs', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/Usage: npm run admin:grant/);
  });
});
