import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { pageChanged } from '../lib/toaster-signal';

/**
 * Tells the toasts when the page changes (a new pathname; a new query string alone is the same
 * page), so an error raised by a page's form goes with the page (lib/toast.ts, decision 052).
 */
export function PageToasts() {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    pageChanged();
  }, [pathname]);
  return null;
}
