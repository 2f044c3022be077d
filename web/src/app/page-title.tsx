import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../lib/paths';

const SITE = 'Muster';

/**
 * Every page's document title is its heading: "Notifications · Muster", "Dana Mbeki · Muster".
 * Tabs, history and bookmarks tell pages apart, and a screen reader names the page it is on
 * (WCAG 2.4.2). Each page has one `<h1>` in `<main>` (some only for screen readers, as home's), so
 * the title is read from it rather than written again beside it: it can never say something
 * else, and a name that arrives with the data (a profile's, a chat's) follows. A heading marked
 * aria-busy ("Loading…") waits.
 * The landing page keeps index.html's title, the one search engines show.
 *
 * After a navigation the new title is also announced in a polite live region, as a screen reader
 * hears nothing when a single-page app swaps the page under it. Not on the first load: the
 * browser reads the title then itself.
 */
export function PageTitle() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  // The first page's title (index.html's) and address, as the tab opened.
  const [start] = useState(() => ({ title: document.title, pathname }));

  useEffect(() => {
    const navigated = pathname !== start.pathname;
    let announced = false;
    const update = () => {
      const h1 = document.querySelector('main h1');
      // A heading still loading ("Loading…", aria-busy) is not the page's name yet.
      if (h1?.closest('[aria-busy="true"]')) return;
      const heading = h1?.textContent?.replace(/\s+/g, ' ').trim();
      const title = pathname === paths.landing || !heading ? start.title : `${heading} · ${SITE}`;
      if (title !== document.title) document.title = title;
      // Once per navigation, when the new page has its heading (a lazy page arrives later).
      if (navigated && heading && !announced) {
        announced = true;
        setAnnouncement(title);
      }
    };
    update();
    // The heading may come after this effect (a lazily loaded page) and change with its data.
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname, start]);

  return (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
}
