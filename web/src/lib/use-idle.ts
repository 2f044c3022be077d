import { useEffect, useState } from 'react';

/**
 * False until the main thread has had a free moment after the first render, then true: for parts
 * a first screen can do without (home's side columns, hidden on a phone), so they do not lengthen
 * the first render's task (decision 027).
 */
export function useIdle(timeoutMs = 500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(done, 0);
    return () => window.clearTimeout(id);
  }, [timeoutMs]);
  return idle;
}
