import type { SessionUser } from '@muster/contract/users';
import { api } from './api-client';

/**
 * Who is signed in: GET /auth/me. A visitor is answered null (decision 052: no error in the
 * console of every signed-out page); a failed call still means signed out (spec §4, §7).
 */
export async function getMe(): Promise<SessionUser | null> {
  return (await api.get<{ data: SessionUser | null }>('/auth/me')).data;
}

let early: Promise<SessionUser | null> | undefined;

/**
 * Asks who is signed in before React renders, so the answer travels while the first page's
 * scripts load instead of after them (issue 17); index.html preloads the same URL, which this call
 * picks up. The first call starts the check and later ones return the same answer until the
 * session query takes it (app/boot.ts asks first, main.tsx again). Its own module, with nothing
 * but the API client, so app/boot.ts can ask before the app's scripts have arrived.
 */
export function startSessionCheck(): Promise<SessionUser | null> {
  if (!early) {
    early = getMe();
    early.catch(() => undefined);
  }
  return early;
}

/** The first session query takes the early answer; later ones ask again. */
export function sessionCheck(): Promise<SessionUser | null> {
  const answer = early ?? getMe();
  early = undefined;
  return answer;
}
