import { useQuery } from '@tanstack/react-query';
import { settingsKeys } from './settings-keys';

/** 'unsupported': no service worker or Push API here; otherwise whether this browser is subscribed. */
export type BrowserPush = 'unsupported' | 'off' | 'on';

/** Asks the browser, not the server: a subscription belongs to this browser's service worker. */
export async function getBrowserPush(): Promise<BrowserPush> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window))
    return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

export function useBrowserPushQuery() {
  return useQuery({ queryKey: settingsKeys.browserPush, queryFn: getBrowserPush, staleTime: Infinity });
}
