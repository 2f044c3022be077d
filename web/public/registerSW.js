/* global window */
// Registers the service worker (decision 024) only once the page has loaded and the main thread is
// idle: its install precaches every hashed script (~1 MB), which on a first visit over a phone's
// connection would otherwise compete with the page's own scripts and data (decision 027). A file of
// its own, not inline: the CSP allows scripts from our origin only.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', function () {
    var register = function () {
      navigator.serviceWorker.register('/sw.js', { scope: '/' });
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 10000 });
    else window.setTimeout(register, 3000);
  });
  // A click on a pushed notice while this tab is open (public/push-sw.js, decision 064): the
  // worker focuses the tab and asks it to open the notice's page, a route of this site.
  navigator.serviceWorker.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.type !== 'muster:open' || typeof data.url !== 'string') return;
    var target = new URL(data.url, window.location.href);
    if (target.origin === window.location.origin) window.location.assign(target.href);
  });
}
