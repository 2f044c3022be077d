import {
  authProvidersResponseSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  messageResponseSchema,
  oidcCallbackQuerySchema,
  resetPasswordSchema,
  meResponseSchema,
  sessionUserResponseSchema,
  signInLinkSchema,
  signupSchema,
  tokenBodySchema,
  updatePendingEmailSchema,
} from '@muster/contract/auth';
import { apiErrorSchema } from '@muster/contract/errors';
import { emptyResponseSchema } from '@muster/contract/responses';
import {
  accountExportResponseSchema,
  mentionQuerySchema,
  mentionSuggestionsResponseSchema,
  privacySettingsResponseSchema,
  privacySettingsSchema,
  profileParamsSchema,
  profileResponseSchema,
  updateProfilePictureSchema,
  updateProfileSchema,
} from '@muster/contract/users';
import { PRIVACY_BUDGET, UPLOAD_BODY_LIMIT } from '../../platform/limits.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { knownDevice } from '../../platform/auth/device.js';
import { HttpError } from '../../platform/errors.js';
import { dataText, sendJsonText } from '../../platform/json-text.js';
import {
  type Budget,
  clientOf,
  limitBy,
  limitPerAccount,
  limitPerIpAndKey,
} from '../../platform/rate-limit.js';
import * as accounts from './accounts.service.js';
import { beginOidcSignIn, completeOidcSignIn } from './oidc.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const message = { 200: messageResponseSchema, ...errors };
const sessionUser = { 200: sessionUserResponseSchema, ...errors };

export const accountsRoutes: FastifyPluginAsyncZod<{
  demoLogin: { username: string; password: string } | undefined;
}> = async (app, { demoLogin }) => {
  const { deps } = app;
  const { loginRateLimit, signupRateLimit } = deps.config;
  const bodyField = (field: string) => (request: { body: unknown }) =>
    (request.body as Record<string, string> | undefined)?.[field];
  app.addHook('onClose', () => accounts.settleMailWork(deps));
  accounts.subscribeSuspensions(deps);

  /**
   * Every check of an account's password — signing in, and the Settings actions that ask for it —
   * is a guess at it and draws on two budgets (decision 011): LOGIN_RATE_LIMIT per 15 minutes for
   * one account from one client (an IPv4 address or an IPv6 /64), so a stranger's guessing never spends the owner's tries, and ten
   * times that per account from everywhere, the ceiling a botnet meets.
   */
  const passwordGuesses = (account: Budget['key']): Budget[] => [
    {
      name: 'guess:account-ip',
      max: loginRateLimit,
      timeWindow: '15 minutes',
      key: async (r) => {
        const who = await account(r);
        return who && `${who}|${clientOf(r)}`;
      },
    },
    { name: 'guess:account', max: 10 * loginRateLimit, timeWindow: '15 minutes', key: account },
  ];
  const viewerAccount = (r: FastifyRequest) => (r.viewer ? `id:${r.viewer.id}` : undefined);
  /** The account a sign-in names, by username or email alike; an unknown name is its own key. */
  const accountNamed = new WeakMap<FastifyRequest, Promise<string>>();
  const signInAccount = (r: FastifyRequest) => {
    let key = accountNamed.get(r);
    if (!key) {
      key = accounts.accountNamedBy(deps, bodyField('emailOrUsername')(r) ?? '');
      accountNamed.set(r, key);
    }
    return key;
  };
  /**
   * The known device (platform/auth/device.ts) of the account a sign-in names, when the request
   * carries one: its attempts draw on a budget of that device's own instead of the client's and
   * the account's, so strangers spending those never lock the owner's own browser out (decision
   * 042). A cookie of another account, or one we did not sign, is no device.
   */
  const deviceNamed = new WeakMap<FastifyRequest, Promise<string | undefined>>();
  const signInDevice = (r: FastifyRequest) => {
    let key = deviceNamed.get(r);
    if (!key) {
      key = Promise.all([signInAccount(r), knownDevice(deps, r)]).then(([account, device]) =>
        device && account === `id:${device.userId}` ? `${device.userId}|${device.deviceId}` : undefined,
      );
      deviceNamed.set(r, key);
    }
    return key;
  };
  const unlessKnownDevice =
    (key: Budget['key']): Budget['key'] =>
    async (r) =>
      (await signInDevice(r)) ? undefined : key(r);
  /** A 429 that says what the person can do meanwhile (`wayOut`), after the wait. */
  const withWayOut =
    (wayOut: string, preHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await preHandler(request, reply);
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode !== 429) throw err;
        throw new HttpError(429, err.code, `${err.message} ${wayOut}`);
      }
    };
  const signInLinkWindow = `${accounts.SIGN_IN_LINK_MS / 60_000} minutes`;
  /** Verification links, resent or sent to a corrected address, are one budget per account and per address. */
  const verificationMail = (address: Budget['key']) =>
    limitBy(app, [
      { name: 'verification-mail:ip', max: signupRateLimit, timeWindow: '30 minutes', key: clientOf },
      {
        name: 'verification-mail:account',
        max: signupRateLimit,
        timeWindow: '30 minutes',
        key: (r) => r.viewer?.id,
      },
      { name: 'verification-mail:address', max: signupRateLimit, timeWindow: '30 minutes', key: address },
    ]);

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ways to sign in on this server',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => ({
      data: {
        oidc: deps.config.oidc ? { label: deps.config.oidc.label, url: '/api/v1/auth/oidc/start' } : null,
        demo: demoLogin ?? null,
      },
    }),
  );

  app.get(
    '/auth/oidc/start',
    {
      config: { rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Begin sign-in with the identity provider (redirects)',
        response: { 302: emptyResponseSchema, ...errors },
      },
    },
    async (_request, reply) => reply.redirect(await beginOidcSignIn(deps, reply)),
  );

  app.get(
    '/auth/oidc/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where the identity provider returns (redirects into the app)',
        querystring: oidcCallbackQuerySchema,
        response: { 302: emptyResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await completeOidcSignIn(deps, request, reply);
        return reply.redirect('/#/');
      } catch (err) {
        // A suspended account is told so on the sign-in page (its mail says why and how to appeal).
        if (err instanceof HttpError && err.code === 'SUSPENDED')
          return reply.redirect('/#/login?error=suspended');
        request.log.warn({ err }, 'identity provider sign-in failed');
        return reply.redirect('/#/login?error=oidc');
      }
    },
  );

  app.post(
    '/auth/signup',
    {
      preHandler: limitPerIpAndKey(app, {
        name: 'signup',
        max: signupRateLimit,
        timeWindow: '30 minutes',
        key: bodyField('email'),
      }),
      schema: {
        tags: ['auth'],
        summary: 'Create an account (or tell the address owner someone tried) and mail the next step',
        body: signupSchema,
        response: message,
      },
    },
    async (request, reply) => ({ data: await accounts.signup(deps, reply, request.body) }),
  );

  app.post(
    '/auth/login',
    {
      // A sign-in refused for too many tries names the way in that no budget closes: a mailed link.
      preHandler: withWayOut(
        'Or sign in now with a link we email you: it works even while sign-in is paused.',
        limitBy(app, [
          { name: 'login:ip', max: loginRateLimit, timeWindow: '1 minute', key: unlessKnownDevice(clientOf) },
          ...passwordGuesses(unlessKnownDevice(signInAccount)),
          // A stolen device cookie is no way around guessing: the device has a budget too.
          { name: 'guess:device', max: loginRateLimit, timeWindow: '15 minutes', key: signInDevice },
        ]),
      ),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email or username and password',
        body: loginSchema,
        response: sessionUser,
      },
    },
    async (request, reply) => ({ data: await accounts.login(deps, request, reply, request.body) }),
  );

  app.post(
    '/auth/sign-in-link',
    {
      // SIGNUP_RATE_LIMIT per client and per account (its username and email alike) in a window
      // as long as a link lives: whoever spends the account's requests has had the newest link
      // mailed to the owner, and it works until the window ends, so the owner is never without one.
      preHandler: withWayOut(
        'If a sign-in link was asked for this account, the newest one we sent still works: check your inbox.',
        limitBy(app, [
          { name: 'sign-in-link:ip', max: signupRateLimit, timeWindow: signInLinkWindow, key: clientOf },
          {
            name: 'sign-in-link:account',
            max: signupRateLimit,
            timeWindow: signInLinkWindow,
            key: signInAccount,
          },
        ]),
      ),
      schema: {
        tags: ['auth'],
        summary: 'Mail a one-time sign-in link (works while password sign-in is paused)',
        body: signInLinkSchema,
        response: message,
      },
    },
    async (request, reply) => ({ data: accounts.mailSignInLink(deps, reply, request.body.emailOrUsername) }),
  );

  app.post(
    '/auth/sign-in-with-link',
    {
      config: { rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a mailed one-time link',
        body: tokenBodySchema,
        response: sessionUser,
      },
    },
    async (request, reply) => ({
      data: await accounts.signInWithLink(deps, request, reply, request.body.token),
    }),
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out this device', response: { 204: emptyResponseSchema } } },
    async (request, reply) => {
      await accounts.logout(deps, request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user; null without a session, 401 for one that has ended (decision 052)',
        response: { 200: meResponseSchema, ...errors },
      },
    },
    async (request, reply) => ({ data: accounts.me(deps, request, reply) }),
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the mailed token',
        body: tokenBodySchema,
        response: message,
      },
    },
    async (request) => ({ data: await accounts.verifyEmail(deps, request.body.token) }),
  );

  app.post(
    '/auth/resend-verification',
    {
      preHandler: verificationMail((r) => r.viewer?.email),
      schema: { tags: ['auth'], summary: 'Mail a new verification link', response: message },
    },
    async (request, reply) => ({ data: await accounts.resendVerification(deps, reply, request.viewer) }),
  );

  app.put(
    '/auth/pending-email',
    {
      preHandler: verificationMail(bodyField('newEmail')),
      schema: {
        tags: ['auth'],
        summary: 'Correct the address of an unverified account: mails it a link that moves the account there',
        body: updatePendingEmailSchema,
        response: message,
      },
    },
    async (request, reply) => ({
      data: accounts.changeUnverifiedEmail(deps, reply, request.viewer, request.body.newEmail),
    }),
  );

  app.post(
    '/auth/forgot-password',
    {
      preHandler: limitPerIpAndKey(app, {
        name: 'reset',
        max: signupRateLimit,
        timeWindow: '30 minutes',
        key: bodyField('email'),
      }),
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link',
        body: forgotPasswordSchema,
        response: message,
      },
    },
    async (request, reply) => ({ data: accounts.forgotPassword(deps, reply, request.body.email) }),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed token',
        body: resetPasswordSchema,
        response: message,
      },
    },
    async (request) => ({ data: await accounts.resetPassword(deps, request.body) }),
  );

  app.post(
    '/users/change-email',
    {
      preHandler: limitBy(app, [
        { name: 'change-email:ip', max: signupRateLimit, timeWindow: '30 minutes', key: clientOf },
        {
          name: 'change-email:key',
          max: signupRateLimit,
          timeWindow: '30 minutes',
          key: bodyField('newEmail'),
        },
        {
          name: 'change-email:account',
          max: signupRateLimit,
          timeWindow: '30 minutes',
          key: (r) => r.viewer?.id,
        },
        ...passwordGuesses(viewerAccount),
      ]),
      schema: {
        tags: ['users'],
        summary: 'Mail a confirmation link to a new address',
        body: changeEmailSchema,
        response: message,
      },
    },
    async (request, reply) => ({
      data: await accounts.requestEmailChange(deps, reply, request.viewer, request.body),
    }),
  );

  app.post(
    '/users/confirm-email-change',
    {
      schema: {
        tags: ['users'],
        summary: 'Confirm a new address with the mailed token',
        body: tokenBodySchema,
        response: message,
      },
    },
    async (request) => ({ data: await accounts.confirmEmailChange(deps, request.body.token) }),
  );

  app.put(
    '/users/me/password',
    {
      preHandler: limitBy(app, [
        { name: 'password:ip', max: loginRateLimit, timeWindow: '1 minute', key: clientOf },
        ...passwordGuesses(viewerAccount),
      ]),
      schema: {
        tags: ['users'],
        summary: 'Change my password; other devices are signed out',
        body: changePasswordSchema,
        response: message,
      },
    },
    async (request) => ({ data: await accounts.changePassword(deps, request.viewer, request.body) }),
  );

  app.patch(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Update my profile',
        body: updateProfileSchema,
        response: sessionUser,
      },
    },
    async (request) => ({ data: await accounts.updateProfile(deps, request.viewer, request.body) }),
  );

  app.put(
    '/users/me/picture',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['users'],
        summary: 'Set my profile picture from a data URL (null for the default)',
        body: updateProfilePictureSchema,
        response: { ...sessionUser, 413: apiErrorSchema },
      },
    },
    async (request) => ({ data: await accounts.setProfilePicture(deps, request.viewer, request.body.image) }),
  );

  const privacy = { 200: privacySettingsResponseSchema, ...errors };
  app.get(
    '/users/me/privacy',
    {
      schema: {
        tags: ['users'],
        summary: 'Who sees my profile and connections, who may message me, whether search finds me',
        response: privacy,
      },
    },
    async (request) => ({ data: accounts.myPrivacy(request.viewer) }),
  );

  app.put(
    '/users/me/privacy',
    {
      preHandler: limitPerAccount(app, PRIVACY_BUDGET),
      schema: {
        tags: ['users'],
        summary: 'Change my privacy settings (all four at once)',
        body: privacySettingsSchema,
        response: privacy,
      },
    },
    async (request) => ({ data: await accounts.updatePrivacy(deps, request.viewer, request.body) }),
  );

  app.get(
    '/users/me/export',
    {
      schema: {
        tags: ['users'],
        summary: 'Download everything Muster holds about me',
        response: { 200: accountExportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await accounts.exportMyData(deps, request.viewer);
      reply.header(
        'Content-Disposition',
        `attachment; filename="muster-export-${data.profile.username}.json"`,
      );
      return { data };
    },
  );

  app.delete(
    '/users/me',
    {
      preHandler: limitBy(app, [
        { name: 'delete-account:ip', max: loginRateLimit, timeWindow: '1 minute', key: clientOf },
        ...passwordGuesses(viewerAccount),
      ]),
      schema: {
        tags: ['users'],
        summary: 'Delete my account and everything in it',
        body: deleteAccountSchema,
        response: message,
      },
    },
    async (request, reply) => ({
      data: await accounts.deleteAccount(deps, request.viewer, request, reply, request.body.password),
    }),
  );

  app.get(
    '/users/search',
    {
      schema: {
        tags: ['users'],
        summary: 'People whose username or name starts with the query (@mention suggestions)',
        querystring: mentionQuerySchema,
        response: { 200: mentionSuggestionsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        dataText(await accounts.mentionSuggestions(deps, request.viewer, request.query.query)),
      ),
  );

  app.get(
    '/users/profile/:username',
    {
      schema: {
        tags: ['users'],
        summary: 'A profile by username',
        params: profileParamsSchema,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, dataText(await accounts.getProfile(deps, request.viewer, request.params.username))),
  );
};
