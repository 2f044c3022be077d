import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { MapResponse } from '@muster/contract/map';
import type { AdvancedSearchResult } from '@muster/contract/search';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import {
  type ApiProcess,
  createServerDatabase,
  PUBLIC_URL,
  spawnApiProcess,
  stopApiProcesses,
  untilReady,
} from '../../../test/api-process.js';
import { TEST_PASSWORD, buildUser } from '../../../test/factories.js';

/**
 * Decision 081: each process keeps a viewer's standing (whom they may not see) for a few seconds,
 * so a shared search answer's fit costs no statement. A block made through one process must reach
 * the standing another process keeps before the blocker can ask it anything: a block, then at once
 * a search on the other process, never shows the blocked person.
 *
 * Needs a PostgreSQL server and Redis (TEST_DATABASE_URL and REDIS_URL, as CI's PostgreSQL job).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!serverUrl || !redisUrl)('search across two API processes', () => {
  const apis: ApiProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  let database: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  let one: ApiProcess;
  let two: ApiProcess;

  beforeAll(async () => {
    const created = await createServerDatabase(serverUrl!, inject('pgTemplateDatabase'));
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-search-two-'));
    const env = {
      DATABASE_URL: created.url,
      REDIS_URL: redisUrl!,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
    };
    apis.push(...(await Promise.all([spawnApiProcess(env), spawnApiProcess(env)])));
    await Promise.all(apis.map(untilReady));
    [one, two] = apis as [ApiProcess, ApiProcess];
  });

  afterAll(async () => {
    await stopApiProcesses(apis);
    await database?.close();
    await drop?.();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function signIn(api: ApiProcess, username: string): Promise<string> {
    const res = await fetch(`${api.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: username, password: TEST_PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const token = /muster_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!token) throw new Error('no session cookie');
    return `muster_session=${token}`;
  }

  const send = (api: ApiProcess, cookie: string, method: string, url: string, body?: unknown) =>
    fetch(`${api.url}/api/v1${url}`, {
      method,
      headers: { cookie, origin: PUBLIC_URL, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  async function search(api: ApiProcess, cookie: string, query: string) {
    const res = await send(api, cookie, 'GET', `/users/advanced-search?query=${encodeURIComponent(query)}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { data: AdvancedSearchResult }).data;
  }
  const posterIds = (r: AdvancedSearchResult) => r.needsMatches.flatMap((g) => g.users.map((u) => u._id));

  it('a block through one process, then at once a search through the other: the blocked person is not there', async () => {
    for (const [round, blockerIsPoster] of [
      [1, true],
      [2, false],
      [3, true],
    ] as const) {
      const poster = await buildUser(database!.db, { firstName: 'Quillon' });
      const viewer = await buildUser(database!.db, { firstName: 'Viewer' });
      const posterCookie = await signIn(one, poster.username);
      const viewerCookie = await signIn(one, viewer.username);
      const word = `zanderpump${round}`;
      const made = await send(one, posterCookie, 'POST', '/posts/create', {
        kind: 'need',
        category: 'Pumps',
        title: `A ${word}`,
        content: `Need a ${word}`,
      });
      expect(made.status, await made.clone().text()).toBe(200);
      // Process two now shares an answer naming the poster and keeps the viewer's standing.
      expect(posterIds(await search(two, viewerCookie, word))).toEqual([poster.id]);
      const [blocker, blocked] = blockerIsPoster ? [posterCookie, viewer.id] : [viewerCookie, poster.id];
      const blocking = await send(one, blocker, 'POST', `/users/${blocked}/block`);
      expect(blocking.status, await blocking.clone().text()).toBe(200);
      // At once, through the other process: neither the shared answer nor the person.
      const after = await search(two, viewerCookie, word);
      expect(after.needsMatches, `round ${round}`).toEqual([]);
      expect((await search(two, viewerCookie, 'Quillon')).users.map((u) => u._id)).not.toContain(poster.id);
    }
  });

  // The map keeps each viewer's blocks the same way (decision 077): the same promise.
  it('a block through one process, then at once the map through the other: the blocked person’s pin is not there', async () => {
    for (const [round, blockerIsPoster] of [
      [1, true],
      [2, false],
    ] as const) {
      const poster = await buildUser(database!.db, { firstName: 'Pinner' });
      const viewer = await buildUser(database!.db, { firstName: 'Looker' });
      const posterCookie = await signIn(one, poster.username);
      const viewerCookie = await signIn(one, viewer.username);
      const lon = 110 + round;
      const made = await send(one, posterCookie, 'POST', '/posts/create', {
        kind: 'need',
        category: 'Pumps',
        title: `Pump ${round}`,
        content: 'Need a pump for the flooded basement',
        mapLocation: { address: 'Somewhere', coordinates: [lon + 0.5, 10.5] },
      });
      expect(made.status, await made.clone().text()).toBe(200);
      const pins = async () => {
        const res = await send(two, viewerCookie, 'GET', `/map?bbox=${lon},10,${lon + 1},11`);
        expect(res.status, await res.clone().text()).toBe(200);
        return ((await res.json()) as { data: MapResponse['data'] }).data.items.map((i) => i.title);
      };
      expect(await pins()).toEqual([`Pump ${round}`]);
      const [blocker, blocked] = blockerIsPoster ? [posterCookie, viewer.id] : [viewerCookie, poster.id];
      const blocking = await send(one, blocker, 'POST', `/users/${blocked}/block`);
      expect(blocking.status, await blocking.clone().text()).toBe(200);
      expect(await pins(), `round ${round}`).toEqual([]);
    }
  });
});
