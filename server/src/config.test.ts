import { expect, it } from 'vitest';
import { loadConfig } from './config.js';

it('has working defaults for a laptop', () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.databaseUrl).toBeUndefined();
  expect(config.publicUrl).toBe('http://localhost:3000');
  expect(config.dataDir).toMatch(/data$/);
  expect(config).toMatchObject({ loginRateLimit: 10, signupRateLimit: 5, contactRateLimit: 5, oidc: undefined });
});

it('reads PORT, DATA_DIR and DATABASE_URL', () => {
  const config = loadConfig({ PORT: '4010', DATA_DIR: '/tmp/m', DATABASE_URL: 'postgres://u@h/db' });
  expect(config).toMatchObject({ port: 4010, dataDir: '/tmp/m', databaseUrl: 'postgres://u@h/db', publicUrl: 'http://localhost:4010' });
});

it('names every bad variable in one message', () => {
  expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CONTACT_INBOX: 'nobody' })).toThrow(
    /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/\n {2}CONTACT_INBOX: /,
  );
});
