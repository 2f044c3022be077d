import { createECDH } from 'node:crypto';
import { expect, it } from 'vitest';
import { loadConfig } from './config.js';

it('has working defaults for a laptop', () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.databaseUrl).toBeUndefined();
  expect(config.publicUrl).toBe('http://localhost:3000');
  expect(config.dataDir).toMatch(/data$/);
  expect(config).toMatchObject({
    loginRateLimit: 10,
    signupRateLimit: 5,
    contactRateLimit: 5,
    oidc: undefined,
  });
});

it('reads PORT, DATA_DIR and DATABASE_URL', () => {
  const config = loadConfig({ PORT: '4010', DATA_DIR: '/tmp/m', DATABASE_URL: 'postgres://u@h/db' });
  expect(config).toMatchObject({
    port: 4010,
    dataDir: '/tmp/m',
    databaseUrl: 'postgres://u@h/db',
    publicUrl: 'http://localhost:4010',
  });
});

it('names every bad variable in one message', () => {
  expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CONTACT_INBOX: 'nobody' })).toThrow(
    /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/\n {2}CONTACT_INBOX: /,
  );
});

it('bounds requests and database waits by default, and reads the bounds', () => {
  expect(loadConfig({})).toMatchObject({
    requestTimeoutMs: 60_000,
    databaseConnectTimeoutMs: 5_000,
    databaseStatementTimeoutMs: 15_000,
  });
  expect(
    loadConfig({
      REQUEST_TIMEOUT_MS: '1000',
      DATABASE_CONNECT_TIMEOUT_MS: '250',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    }),
  ).toMatchObject({
    requestTimeoutMs: 1000,
    databaseConnectTimeoutMs: 250,
    databaseStatementTimeoutMs: 2000,
  });
  // Zero would mean "no limit" to Node and to pg: exactly what these settings exist to prevent.
  expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
    /DATABASE_STATEMENT_TIMEOUT_MS/,
  );
});

it('pings live sockets every 30 s by default, and reads another beat (tests shorten it)', () => {
  expect(loadConfig({}).realtimeHeartbeatMs).toBe(30_000);
  expect(loadConfig({ REALTIME_HEARTBEAT_MS: '100' }).realtimeHeartbeatMs).toBe(100);
  expect(() => loadConfig({ REALTIME_HEARTBEAT_MS: '0' })).toThrow(/REALTIME_HEARTBEAT_MS/);
});

it('writes readable logs to a terminal and JSON elsewhere, unless LOG_FORMAT says otherwise', () => {
  expect(loadConfig({}, true).logFormat).toBe('pretty');
  expect(loadConfig({}, false).logFormat).toBe('json');
  expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
  expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
});

it('refuses a database URL that cannot be parsed, by name', () => {
  expect(() => loadConfig({ DATABASE_URL: 'postgres://a:b@[::1:5432/x' })).toThrow(
    /DATABASE_URL: is not a valid URL/,
  );
});

it('keeps the per-account write budgets at their production size unless told otherwise', () => {
  expect(loadConfig({}).writeRateLimitScale).toBe(1);
  expect(loadConfig({ WRITE_RATE_LIMIT_SCALE: '0.1' }).writeRateLimitScale).toBe(0.1);
  expect(() => loadConfig({ WRITE_RATE_LIMIT_SCALE: '0' })).toThrow(/WRITE_RATE_LIMIT_SCALE/);
});

it('compresses API answers unless API_COMPRESSION=off', () => {
  expect(loadConfig({}).apiCompression).toBe(true);
  expect(loadConfig({ API_COMPRESSION: 'on' }).apiCompression).toBe(true);
  expect(loadConfig({ API_COMPRESSION: 'off' }).apiCompression).toBe(false);
  expect(() => loadConfig({ API_COMPRESSION: 'no' })).toThrow(/API_COMPRESSION/);
});

it('paces the digest at half a worker unless told otherwise, between none and all of it', () => {
  expect(loadConfig({}).digestPace).toBe(0.5);
  expect(loadConfig({ DIGEST_PACE: '1' }).digestPace).toBe(1);
  expect(() => loadConfig({ DIGEST_PACE: '0' })).toThrow(/DIGEST_PACE/);
  expect(() => loadConfig({ DIGEST_PACE: '1.5' })).toThrow(/DIGEST_PACE/);
  expect(loadConfig({}).digestScheduleMs).toBe(900_000);
});

it('reads a VAPID pair from the environment, only whole and matching, and names who push services write to', () => {
  const pair = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return {
      pub: ecdh.getPublicKey().toString('base64url'),
      priv: ecdh.getPrivateKey().toString('base64url'),
    };
  };
  const a = pair();
  const b = pair();
  expect(loadConfig({})).toMatchObject({ vapidKeys: undefined, vapidSubject: 'mailto:team@muster.local' });
  expect(
    loadConfig({
      VAPID_PUBLIC_KEY: a.pub,
      VAPID_PRIVATE_KEY: a.priv,
      VAPID_SUBJECT: 'https://muster.example.org',
    }),
  ).toMatchObject({
    vapidKeys: { publicKey: a.pub, privateKey: a.priv },
    vapidSubject: 'https://muster.example.org',
  });
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: a.pub })).toThrow(/VAPID_PRIVATE_KEY: set both/);
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: a.pub, VAPID_PRIVATE_KEY: b.priv })).toThrow(
    /VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY/,
  );
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: a.priv })).toThrow(
    /VAPID_PUBLIC_KEY/,
  );
  expect(() => loadConfig({ VAPID_SUBJECT: 'http://muster.example.org' })).toThrow(/VAPID_SUBJECT/);
});

it('reads the first admins from ADMIN_USERNAMES: trimmed, lower-cased, without repeats', () => {
  expect(loadConfig({}).adminLogins).toEqual([]);
  expect(loadConfig({ ADMIN_USERNAMES: ' Ada , ada,boss@Example.org,, ' }).adminLogins).toEqual([
    'ada',
    'boss@example.org',
  ]);
});

it('publishes open data under CC BY 4.0 unless told another licence, both halves, or OPEN_DATA=off', () => {
  expect(loadConfig({}).openData).toEqual({
    license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    exportsPerHour: 20,
  });
  expect(
    loadConfig({
      OPEN_DATA_LICENSE: 'ODbL 1.0',
      OPEN_DATA_LICENSE_URL: 'https://opendatacommons.org/licenses/odbl/1-0/',
      OPEN_DATA_RATE_LIMIT: '5',
    }).openData,
  ).toEqual({
    license: { name: 'ODbL 1.0', url: 'https://opendatacommons.org/licenses/odbl/1-0/' },
    exportsPerHour: 5,
  });
  expect(loadConfig({ OPEN_DATA: 'off' }).openData).toBeUndefined();
  expect(() => loadConfig({ OPEN_DATA_LICENSE: 'ODbL 1.0' })).toThrow(/OPEN_DATA_LICENSE_URL/);
  expect(() => loadConfig({ OPEN_DATA: 'no' })).toThrow(/OPEN_DATA/);
});

it("the map's tiles: OpenStreetMap's by default; a template with {z}, {x} and {y} when set (077)", () => {
  expect(loadConfig({}).mapTiles).toEqual({
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
    maxZoom: 19,
  });
  expect(
    loadConfig({
      MAP_TILE_URL: 'http://127.0.0.1:8080/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'Test tiles',
      MAP_TILE_MAX_ZOOM: '17',
    }).mapTiles,
  ).toEqual({ url: 'http://127.0.0.1:8080/{z}/{x}/{y}.png', attribution: 'Test tiles', maxZoom: 17 });
  expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(
    /\{z\}, \{x\} and \{y\}/,
  );
  expect(() => loadConfig({ MAP_TILE_MAX_ZOOM: '40' })).toThrow(/MAP_TILE_MAX_ZOOM/);
});

it('federates by default only when PUBLIC_URL is https; FEDERATION=on|off decides otherwise (082)', () => {
  expect(loadConfig({}).federation).toEqual({
    enabled: false,
    allowPrivateAddresses: false,
    inboxPerMinute: 300,
  });
  expect(loadConfig({ FEDERATION_INBOX_RATE_LIMIT: '5' }).federation.inboxPerMinute).toBe(5);
  expect(loadConfig({ PUBLIC_URL: 'http://muster.lan' }).federation.enabled).toBe(false);
  expect(loadConfig({ PUBLIC_URL: 'https://muster.example' }).federation.enabled).toBe(true);
  expect(loadConfig({ PUBLIC_URL: 'https://muster.example', FEDERATION: 'off' }).federation.enabled).toBe(
    false,
  );
  expect(loadConfig({ FEDERATION: 'on' }).federation.enabled).toBe(true);
  expect(loadConfig({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' }).federation.allowPrivateAddresses).toBe(
    true,
  );
  expect(() => loadConfig({ FEDERATION: 'yes' })).toThrow(/FEDERATION/);
  expect(() => loadConfig({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'maybe' })).toThrow(
    /FEDERATION_ALLOW_PRIVATE_ADDRESSES/,
  );
});
