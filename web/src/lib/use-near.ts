import { useEffect, useState } from 'react';

/**
 * Whether `element` is on the screen or within `margin` of it (an IntersectionObserver
 * rootMargin). Where there is no IntersectionObserver (an old browser, the unit tests' DOM)
 * everything counts as near. Pass the element from a callback ref (`useState`'s setter), so the
 * observer follows the element when it mounts later than the component.
 */
export function useNear(element: Element | null, margin: string): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin]);
  return near;
}
