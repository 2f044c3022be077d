import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, kept current as the window changes: for parts a layout only
 * shows at some widths, so they are not rendered (nor their data asked for) where CSS would hide
 * them anyway — on a phone, home's side columns (decision 027).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
