import { isNoticeKind, channelFor } from './notice-channels.js';
import {
  unsubscribeKinds,
  unsubscribeSubject,
  type UnsubscribeKind,
  type UnsubscribeState,
} from '@muster/contract/unsubscribe';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { signedTokens } from '../../platform/signed-tokens.js';
import { findUnsubscriber, setNoticeChannel, turnDigestOff } from './unsubscribe.queries.js';

/**
 * One-click unsubscribe (issue 34, decision 063). A link names a person and a kind of mail and is
 * signed with this instance's key (platform/signed-tokens.ts), so it needs no sign-in and no stored
 * row per mail: whoever holds the mail holds the link, as with any list's unsubscribe.
 */
const tokens = signedTokens('unsubscribe-hmac');

export function unsubscribeToken(
  deps: Deps,
  userId: string,
  kind: UnsubscribeKind,
  db: Db = deps.db,
): Promise<string> {
  return tokens.sign(deps, [userId, kind], db);
}

/** The person and kind a token names, when it is ours and unaltered; undefined for anything else. */
async function readToken(
  deps: Deps,
  token: string,
): Promise<{ userId: string; kind: UnsubscribeKind } | undefined> {
  const [userId, kind] = (await tokens.read(deps, token, 2)) ?? [];
  if (!userId || !kind || !(unsubscribeKinds as readonly string[]).includes(kind)) return undefined;
  return { userId, kind: kind as UnsubscribeKind };
}

/**
 * The page a mail's footer links to (`/#/unsubscribe?token=…`): it says what it will stop and
 * asks for a click, since link scanners open every link in a mail. Pass the transaction you are
 * in (a delivery job's, the digest's), if any.
 */
export async function unsubscribeUrl(deps: Deps, userId: string, kind: UnsubscribeKind, db: Db = deps.db) {
  return `${deps.config.publicUrl}/#/unsubscribe?token=${await unsubscribeToken(deps, userId, kind, db)}`;
}

/**
 * RFC 8058's headers for a mail of this kind: a mail client's "Unsubscribe" button POSTs
 * `List-Unsubscribe=One-Click` to the API address at once, with no page between.
 */
export async function unsubscribeHeaders(
  deps: Deps,
  userId: string,
  kind: UnsubscribeKind,
  db: Db = deps.db,
): Promise<Record<string, string>> {
  const token = await unsubscribeToken(deps, userId, kind, db);
  return {
    'List-Unsubscribe': `<${deps.config.publicUrl}/api/v1/unsubscribe?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const invalidLink = () =>
  new HttpError(
    400,
    'INVALID_UNSUBSCRIBE_LINK',
    'This unsubscribe link is not valid: it may have been cut short or changed. Open the link from the mail again, or choose what reaches you in your notification settings.',
  );

const gone = () => notFound('This account no longer exists, so nothing more will be mailed to it.');

type Unsubscriber = NonNullable<Awaited<ReturnType<typeof findUnsubscriber>>>;

/** Whether a kind's mail has stopped: its channel mails nothing (the app, push), or the digest is off. */
function isStopped(person: Unsubscriber, kind: UnsubscribeKind): boolean {
  if (kind === 'digest') return (person.digest ?? 'daily') === 'off';
  if (!isNoticeKind(kind)) return true;
  const channel = channelFor(person.channels, kind);
  return channel !== 'mail' && channel !== 'digest';
}

/** GET: what a link would stop, changing nothing (a link scanner's visit must be harmless). */
export async function describeUnsubscribe(deps: Deps, token: string): Promise<UnsubscribeState> {
  const named = await readToken(deps, token);
  if (!named) throw invalidLink();
  const person = await findUnsubscriber(deps.db, named.userId);
  if (!person) throw gone();
  return { kind: named.kind, stops: unsubscribeSubject(named.kind), stopped: isStopped(person, named.kind) };
}

/**
 * POST (a mail client's one click, or the page's button): that kind of mail stops, and nothing
 * else changes. A kind mailed at once or in the digest goes to the app only; one the person has
 * since set to push keeps its push, which is not mail. The digest link turns the digest off.
 * Saying it twice is saying it once.
 */
export async function unsubscribe(deps: Deps, token: string): Promise<UnsubscribeState> {
  const named = await readToken(deps, token);
  if (!named) throw invalidLink();
  const { userId, kind } = named;
  return inTransaction(deps.db, async (trx) => {
    const person = await findUnsubscriber(trx, userId, { lock: true });
    if (!person) throw gone();
    if (!isStopped(person, kind)) {
      if (kind === 'digest') await turnDigestOff(trx, userId);
      else await setNoticeChannel(trx, userId, kind, 'app');
    }
    return { kind, stops: unsubscribeSubject(kind), stopped: true };
  });
}
