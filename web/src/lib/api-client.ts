import { API_ROOT } from '@muster/contract/limits';

/** One refused field: its path in the body (`review.title`) and the words to show under it. */
export type ErrorDetail = { path: string; message: string };

/** A failed API call: the server's message (the words the UI shows), code and field details. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly details: ErrorDetail[] = [],
    /** A refused sign-in's `suspension` (code SUSPENDED, decision 070): its token appeals without signing in. */
    readonly suspension?: { appealToken: string | null },
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/*
 * Signing out (decision 052's quiet signed-out pages): a poll sent just before the logout but
 * answered after it, or asked for by a page re-rendered before it goes, meets a session that is
 * gone: a 401 the browser logs. So signing out starts once the calls in flight have settled, and
 * until it has ended (the logout, and the session read again) no other call is sent: it fails as
 * the server would have answered it, and the page asking is about to go.
 */
const inFlight = new Set<Promise<unknown>>();
let signingOut: Promise<unknown> | null = null;
const signOutCalls = new Set(['/auth/logout', '/auth/me']);

/** Runs `signOut` once every call in flight has settled, holding back every call but its own meanwhile. */
export async function whileSigningOut<T>(signOut: () => Promise<T>): Promise<T> {
  const run = Promise.allSettled([...inFlight]).then(signOut);
  signingOut = run;
  try {
    return await run;
  } finally {
    if (signingOut === run) signingOut = null;
  }
}

function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  if (signingOut && !signOutCalls.has(path))
    return Promise.reject(new ApiClientError(401, 'Please sign in to continue', 'UNAUTHORIZED'));
  const call = send<T>(method, path, body, signal);
  inFlight.add(call);
  const settled = () => inFlight.delete(call);
  call.then(settled, settled);
  return call;
}

async function send<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_ROOT}${path}`, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(method !== 'GET' ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal,
    });
  } catch {
    throw new ApiClientError(0, 'Could not reach Muster. Check your connection and try again.', 'NETWORK');
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = (json ?? {}) as {
      message?: string;
      code?: string;
      details?: ErrorDetail[];
      suspension?: ApiClientError['suspension'];
    };
    throw new ApiClientError(
      response.status,
      error.message ?? `Request failed (${response.status})`,
      error.code ?? 'HTTP_ERROR',
      error.details ?? [],
      error.suspension,
    );
  }
  return json as T;
}

/** The one way the web app talks to the API: JSON, cookies on every call, errors as ApiClientError. */
export const api = {
  /** `signal` cancels the request when its asker no longer wants the answer (the map's viewport). */
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T = unknown>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T = unknown>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T = unknown>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T = unknown>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

/** The server's message when there is one, else the fallback the spec names. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiClientError && error.status !== 0 && error.message ? error.message : fallback;
}
