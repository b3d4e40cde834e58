/**
 * Scroll kept per view (PRODUCT.md §2 "all kept alive"): the page scrolls the window, which the
 * tabs and the route pages share, so each view's position is recorded while it is shown and put
 * back when it is shown again — a kept-alive tab where the borrower left it, a route page opened
 * anew at its top, as native stacks do.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Remembers window.scrollY per view key and restores it when that key is shown again, within one
 * session (`owner`): a new borrower's tabs open at their top (DESIGN.md §6).
 */
export function useKeptScroll(view: string, keep: (view: string) => boolean, owner: number): void {
  const positions = useRef(new Map<string, number>());
  const current = useRef(view);
  const positionsOwner = useRef(owner);
  if (positionsOwner.current !== owner) {
    positionsOwner.current = owner;
    positions.current = new Map();
  }

  useEffect(() => {
    let frame = 0;
    const record = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        positions.current.set(current.current, window.scrollY);
      });
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => {
      window.removeEventListener('scroll', record);
      cancelAnimationFrame(frame);
    };
  }, []);

  // Before paint, so the view never shows at the other view's position.
  useLayoutEffect(() => {
    if (current.current === view) return;
    current.current = view;
    const kept = keep(view) ? positions.current.get(view) : undefined;
    window.scrollTo?.(0, kept ?? 0);
  }, [view, keep]);
}
