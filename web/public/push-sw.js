/* global self, clients */
// Web Push in the app's service worker (issue 34, decision 064). vite-plugin-pwa's generated
// sw.js imports this file (workbox.importScripts in vite.config.ts); it is plain JavaScript, as
// the worker runs it as it is served.
//
// A push carries { title, body, url, tag } (contract/src/push.ts): the notice in the list's words,
// the hash route a click in the list opens, and the notice's id as the tag, so a notice pushed
// again replaces its notification instead of showing a second one.

/**
 * The address a push's `url` (a path of this site) names, or the notifications page for anything
 * else: a click only ever opens a page of this site.
 */
function noticeUrl(url) {
  var fallback = new URL('/#/notifications', self.location.origin).href;
  if (typeof url !== 'string') return fallback;
  try {
    var target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : fallback;
  } catch {
    return fallback;
  }
}

function readPush(event) {
  if (!event.data) return {};
  try {
    var data = event.data.json();
    return data && typeof data === 'object' ? data : {};
  } catch {
    // Not JSON (no push of ours): its text, said plainly.
    return { body: event.data.text() };
  }
}

self.addEventListener('push', function (event) {
  var data = readPush(event);
  var options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: '/icons/icon-192.png',
    data: { url: noticeUrl(data.url) },
  };
  if (typeof data.tag === 'string' && data.tag) options.tag = data.tag;
  event.waitUntil(
    self.registration.showNotification(
      typeof data.title === 'string' && data.title ? data.title : 'Muster',
      options,
    ),
  );
});

/**
 * Opens `url` in a Muster tab: an open one is focused and told to go there (the app listens in
 * registerSW.js and follows the hash route, keeping its state; a tab this worker does not control
 * yet, such as the first visit's, cannot be navigated from here), or a new one is opened.
 */
self.musterOpenNotice = function (url) {
  return clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (tabs) {
    var tab = tabs.filter(function (c) {
      return new URL(c.url).origin === self.location.origin;
    })[0];
    if (!tab) return clients.openWindow(url);
    tab.postMessage({ type: 'muster:open', url: url });
    // Allowed while a notification's click is handled; elsewhere refused, which changes nothing.
    return tab.focus().catch(function () {
      return tab;
    });
  });
};

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = noticeUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(self.musterOpenNotice(url));
});
