import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/test/free-port';
import { startOidcProvider } from '../../server/test/oidc-provider';
import { headerOf, startSmtpCapture } from '../../server/test/smtp-capture';
import { FIRST_ADMIN_EMAIL } from './staff';
import { startTileServer } from './tile-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server suite's real SMTP capture; every message is also written as JSON for the tests,
 * under a name they skip and then renamed into place, so that a test never reads half a file.
 */
function startMailCapture(mailDir: string) {
  let count = 0;
  return startSmtpCapture({
    onMessage: async (mail) => {
      const name = path.join(mailDir, `${Date.now()}-${++count}.json`);
      await fs.writeFile(
        `${name}.part`,
        JSON.stringify({
          to: mail.envelopeTo,
          from: mail.from?.value[0]?.address,
          replyTo: mail.replyTo?.value[0]?.address,
          subject: mail.subject,
          text: mail.text,
          // The HTML part and the one-click header, for notice-mails.spec.ts (issue 34).
          html: typeof mail.html === 'string' ? mail.html : undefined,
          listUnsubscribe: headerOf(mail, 'list-unsubscribe'),
          listUnsubscribePost: headerOf(mail, 'list-unsubscribe-post'),
        }),
      );
      await fs.rename(`${name}.part`, name);
    },
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become healthy in time');
}

export default async function globalSetup() {
  for (const built of ['web/dist/index.html', 'server/dist/main.js']) {
    await fs.access(path.join(root, built)).catch(() => {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm run test:e2e does)`);
    });
  }
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  await fs.mkdir(mailDir);
  const smtp = await startMailCapture(mailDir);
  // The map's tiles from this machine (issue 37): no journey asks a public tile server.
  const tiles = await startTileServer();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // A real OpenID provider with development login pages: any login name signs in.
  const idp = await startOidcProvider({
    redirectUri: `${baseUrl}/api/v1/auth/oidc/callback`,
    identities: {
      river: { email: 'river@idp.example', emailVerified: true, givenName: 'River', familyName: 'Song' },
    },
  });

  // The built server (npm run build), as production runs it.
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'server', 'dist', 'main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: path.join(workDir, 'data'),
        SMTP_URL: smtp.url,
        CONTACT_INBOX: 'team@muster.test',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_LABEL: 'Continue with Google',
        // Journeys sign up and in many times from one address; the limits themselves are tested
        // in the server suite.
        LOGIN_RATE_LIMIT: '1000',
        SIGNUP_RATE_LIMIT: '1000',
        CONTACT_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        // The first admin (decision 067): made as this address is verified (tests/admin-roles.spec.ts).
        ADMIN_USERNAMES: FIRST_ADMIN_EMAIL,
        MAP_TILE_URL: tiles.url,
        MAP_TILE_ATTRIBUTION: '© Muster test tiles',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitForHealth(baseUrl, server);

  // Workers inherit these: the fixtures read them (see support/fixtures.ts).
  process.env.MUSTER_BASE_URL = baseUrl;
  process.env.MUSTER_MAIL_DIR = mailDir;
  // For a journey that starts a server of its own with other limits (sign-in-lockout.spec.ts).
  process.env.MUSTER_SMTP_URL = smtp.url;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.close();
    await idp.close();
    await tiles.close();
    await fs.rm(workDir, { recursive: true, force: true });
  };
}
