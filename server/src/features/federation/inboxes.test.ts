import { expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers.js';
import type { Deps } from '../../platform/deps.js';
import { publicInboxes } from './federation.js';

const depsWith = (env: Record<string, string>) => ({ config: testConfig(env) }) as Deps;

it('refuses a follower whose inboxes are on private addresses, unless they are allowed', async () => {
  const strict = depsWith({});
  const inbox = (url: string, sharedInbox: string | null = null) => ({ inbox: url, sharedInbox });
  expect(await publicInboxes(strict, inbox('https://93.184.216.34/users/a/inbox'))).toBe(true);
  for (const url of [
    'http://127.0.0.1:8080/inbox',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.5/inbox',
    'http://[::1]/inbox',
  ])
    expect(await publicInboxes(strict, inbox(url)), url).toBe(false);
  // A public inbox with a private shared inbox is refused too.
  expect(
    await publicInboxes(strict, inbox('https://93.184.216.34/users/a/inbox', 'http://192.168.1.1/inbox')),
  ).toBe(false);
  const lan = depsWith({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
  expect(await publicInboxes(lan, inbox('http://10.0.0.5/inbox'))).toBe(true);
});
