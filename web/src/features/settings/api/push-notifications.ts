import type { PushSubscriptionInput } from '@muster/contract/push';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiClientError } from '../../../lib/api-client';
import {
  currentPushSubscription,
  keyBytes,
  pushRegistration,
  pushSupported,
  subscribedWith,
} from '../../../lib/push-browser';
import { settingsKeys } from './settings-keys';

/**
 * Web Push on this browser (issue 34, decision 064). `unsupported`: no service worker, Push API or
 * notifications here; `blocked`: the person (or the browser) refused notifications to Muster;
 * `off` / `on`: whether this browser has a subscription the server is told of.
 */
export type PushHere = 'unsupported' | 'blocked' | 'off' | 'on';

/** What turning push on came to; `dismissed`: the permission prompt was closed without an answer. */
export type TurnOnResult = 'on' | 'blocked' | 'dismissed';

export async function getPushKey(): Promise<string> {
  return (await api.get<{ data: { publicKey: string } }>('/push/key')).data.publicKey;
}

export async function savePushSubscription(subscription: PushSubscriptionInput): Promise<void> {
  await api.post('/users/me/push-subscriptions', subscription);
}

/** The server forgets this browser; one it had already dropped (404) is as good. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  try {
    await api.delete('/users/me/push-subscriptions', { endpoint });
  } catch (err) {
    if (!(err instanceof ApiClientError && err.status === 404)) throw err;
  }
}

/** A browser subscription as the contract takes it (`toJSON()` types every field optional). */
function asInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

export async function readPushHere(): Promise<PushHere> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentPushSubscription()) ? 'on' : 'off';
}

const pushKey = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ queryKey: settingsKeys.pushKey, queryFn: getPushKey, staleTime: Infinity });

/**
 * This browser's subscription, made with the server's current key (one made with a key since
 * replaced can no longer receive, so it is replaced), and told to the server for the person signed
 * in now: the endpoint moves to them if someone else here had it.
 */
async function subscribeHere(queryClient: QueryClient): Promise<void> {
  const key = await pushKey(queryClient);
  const registration = await pushRegistration();
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !subscribedWith(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key),
  });
  try {
    await savePushSubscription(asInput(subscription));
  } catch (err) {
    // Not on the server, so not on here either: the switch says what is true.
    await subscription.unsubscribe().catch(() => undefined);
    throw err;
  }
}

/** Asks for permission (a click's answer: browsers only ask from a gesture), then subscribes. */
async function turnOn(queryClient: QueryClient): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  await subscribeHere(queryClient);
  return 'on';
}

async function turnOff(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/** This browser's push state; read again when the tab comes back (a permission changed meanwhile). */
export function usePushHereQuery() {
  return useQuery({
    queryKey: settingsKeys.pushHere,
    queryFn: readPushHere,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: true,
  });
}

export function useTurnPushOnMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => turnOn(queryClient),
    onSuccess: (result) =>
      queryClient.setQueryData<PushHere>(
        settingsKeys.pushHere,
        result === 'on' ? 'on' : result === 'blocked' ? 'blocked' : 'off',
      ),
  });
}

export function useTurnPushOffMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOff,
    onSuccess: () => queryClient.setQueryData<PushHere>(settingsKeys.pushHere, 'off'),
  });
}

/**
 * While push is on here, tells the server again (once per visit of the page): it may have dropped
 * the subscription, someone else signed in here may have taken it, or the key may have changed.
 */
export function useResubscribeMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => subscribeHere(queryClient) });
}
