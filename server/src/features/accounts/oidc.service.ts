import * as oidc from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashSecret } from '../../platform/auth/tokens.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { newId } from '../../platform/ids.js';
import {
  deleteStaleOidcFlows,
  findIdentity,
  findUserByEmail,
  insertIdentity,
  insertOidcFlow,
  insertUser,
  takeOidcFlow,
  usernamesStartingWith,
} from './accounts.queries.js';
import { handOverUnprovenAccount, signInAs } from './accounts.service.js';

export const OIDC_STATE_COOKIE = 'muster_oidc_state';

let discovered: { key: string; config: Promise<oidc.Configuration> } | undefined;

/** The provider's metadata, fetched once per issuer (and again after a failure). */
function providerConfig(deps: Deps): Promise<oidc.Configuration> {
  const settings = deps.config.oidc;
  if (!settings) throw badRequest('Sign-in with an identity provider is not configured');
  const key = `${settings.issuer}|${settings.clientId}`;
  if (discovered?.key !== key) {
    const config = oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      // Plain http only for a provider on this machine (tests, local development).
      new URL(settings.issuer).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    config.catch(() => (discovered = undefined));
    discovered = { key, config };
  }
  return discovered.config;
}

const redirectUri = (deps: Deps) => `${deps.config.publicUrl}/api/v1/auth/oidc/callback`;

/** Authorization-code flow with PKCE (S256), state and nonce: returns where to send the browser. */
export async function beginOidcSignIn(deps: Deps, reply: FastifyReply): Promise<string> {
  const config = await providerConfig(deps);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await deleteStaleOidcFlows(deps.db);
  await insertOidcFlow(deps.db, { stateHash: hashSecret(state), codeVerifier, nonce });
  // The state also rides in a cookie, so the callback must come back to the browser that began.
  reply.setCookie(OIDC_STATE_COOKIE, state, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicUrl.startsWith('https://'),
    path: '/api/v1/auth/oidc',
    maxAge: 600,
  });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(deps),
      scope: 'openid profile email',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

/** Finishes the flow; the person is (issuer, subject), signed in or created here. */
export async function completeOidcSignIn(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  const config = await providerConfig(deps);
  const state = request.cookies[OIDC_STATE_COOKIE];
  reply.clearCookie(OIDC_STATE_COOKIE, { path: '/api/v1/auth/oidc' });
  const flow = state ? await takeOidcFlow(deps.db, hashSecret(state)) : undefined;
  if (!state || !flow) throw badRequest('This sign-in has expired. Please try again.');

  const currentUrl = new URL(request.url, deps.config.publicUrl);
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const subject = tokens.claims()!.sub;
  const info = await oidc.fetchUserInfo(config, tokens.access_token, subject);
  const issuer = config.serverMetadata().issuer;

  const userId = await findOrCreateUser(deps, issuer, subject, info);
  await signInAs(deps, request, reply, userId);
}

async function findOrCreateUser(deps: Deps, issuer: string, subject: string, info: oidc.UserInfoResponse) {
  const known = await findIdentity(deps.db, issuer, subject);
  if (known) return known.userId;

  const email = typeof info.email === 'string' ? info.email.trim().toLowerCase() : undefined;
  const verified = info.email_verified === true;
  if (!email) throw badRequest('Your identity provider did not share an email address.');

  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    // The provider vouches for the address, which is what our own verification proves: link it.
    if (!verified) throw badRequest('An account already uses this email. Sign in with your password.');
    // An account that never proved the address may have been set up by anyone: it is handed over
    // without the password, sessions and links of whoever made it (decision 011).
    if (!existing.emailVerifiedAt) await handOverUnprovenAccount(deps, existing.id, { issuer, subject });
    else await insertIdentity(deps.db, { issuer, subject, userId: existing.id });
    return existing.id;
  }

  const username = await freeUsername(
    deps,
    String(info.preferred_username ?? email.split('@')[0] ?? 'member'),
  );
  // The account, its link to the provider and its welcome notice commit together.
  return inTransaction(deps.db, async (trx) => {
    const user = await insertUser(trx, {
      id: newId(),
      username,
      firstName: String(info.given_name ?? info.name ?? email.split('@')[0]).slice(0, 50),
      lastName: String(info.family_name ?? '').slice(0, 50),
      email,
      emailVerifiedAt: verified ? new Date() : null,
      passwordHash: null,
    });
    await insertIdentity(trx, { issuer, subject, userId: user.id });
    await deps.events.emit(trx, 'user.signed_up', { userId: user.id });
    return user.id;
  });
}

/** A valid username near what the provider suggested: base, then base2, base3, … */
async function freeUsername(deps: Deps, wanted: string) {
  const base = (
    wanted
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '')
      .slice(0, 26) || 'member'
  ).padEnd(3, '_');
  const taken = new Set((await usernamesStartingWith(deps.db, base)).map((r) => r.username));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}
