import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen a part starts to load: ahead of a scrolling member, yet below a phone's first screen (the game areas start about 450 px under it). */
const AHEAD = '300px';

/**
 * Renders `children` once their place comes within reach of the screen (at once where the browser has no
 * IntersectionObserver). A part below the first screen of a phone then costs nothing until the member
 * scrolls towards it: no code, no calls, no images during the page's start. The first render is always
 * the empty spot, on the server too: the prerendered main page holds no part the app would first take away.
 */
export function WhenNear({ children, testId }: { children: ReactNode; testId?: string }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !spot.current) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: `${AHEAD} 0px` });
    observer.observe(spot.current);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={spot} data-testid={testId} />;
}
