import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at the top: without this the window kept the last page's offset (a long form
 * submitted at its foot opened the new mission scrolled down). Only a PUSH or REPLACE to another
 * pathname resets it: Back and Forward (POP) keep the browser's own restoring, a change of the query
 * string alone is the same page (filters, tabs), and a location with a #fragment is left to it.
 * Not `<ScrollRestoration/>`: it also resets on a query-string change and takes POP over from the browser.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  const last = useRef(pathname);

  // Before paint, so the new page is never drawn at the old offset.
  useLayoutEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    if (type !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, type]);

  return null;
}
