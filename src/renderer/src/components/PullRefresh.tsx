/**
 * Pull-to-refresh of the Home, Bill, Profile, message and voucher screens: pulling down from the
 * top of the page (a finger, or the mouse in the simulator) says "Pull down to refresh", past the
 * threshold "Release to refresh"; released there it says "Loading…" while `onRefresh` runs, then
 * "Refreshed". Written here rather than taken from antd-mobile: its PullToRefresh brings a spring
 * animation library and a gesture package (≈ 30 kB gzip) onto Home's path for one gesture that a
 * CSS transition draws as well (docs/architecture.md "Dependencies").
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import './PullRefresh.css';

type Status = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

const TEXTS: Record<Status, string> = {
  idle: '',
  pulling: 'Pull down to refresh',
  canRelease: 'Release to refresh',
  refreshing: 'Loading…',
  complete: 'Refreshed',
};
/** Pulled distance (after damping) that refreshes on release, in CSS px. */
const PULL_THRESHOLD_PX = 60;
/** Height of the head while loading and while "Refreshed" shows. */
const HEAD_PX = 40;
/** The finger moves twice as far as the page: the pull feels held back. */
const DAMPING = 0.5;
const MAX_PULL_PX = 3 * PULL_THRESHOLD_PX;
/** How long "Refreshed" stays before the head closes (antd-mobile's 500 ms). */
const COMPLETE_MS = 500;

const pageScrolled = () => (document.scrollingElement?.scrollTop ?? window.scrollY) > 0;

export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [status, setStatus] = useState<Status>('idle');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let startY: number | null = null;
    let pulled = 0;
    let busy = false;
    let live = true;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      });

    const begin = (y: number) => {
      if (busy || pageScrolled()) return;
      startY = y;
      pulled = 0;
    };
    const move = (y: number, event: Event) => {
      if (startY === null) return;
      const dy = y - startY;
      if (dy <= 0 || pageScrolled()) {
        // Scrolling the page, not pulling it: the browser keeps the gesture.
        if (pulled > 0) {
          pulled = 0;
          setHeight(0);
          setStatus('idle');
        }
        return;
      }
      // The page neither scrolls nor bounces (nor does the browser's own pull-to-refresh).
      if (event.cancelable) event.preventDefault();
      pulled = Math.min(dy * DAMPING, MAX_PULL_PX);
      setDragging(true);
      setHeight(pulled);
      setStatus(pulled >= PULL_THRESHOLD_PX ? 'canRelease' : 'pulling');
    };
    const end = async () => {
      if (startY === null) return;
      startY = null;
      setDragging(false);
      if (pulled < PULL_THRESHOLD_PX) {
        pulled = 0;
        setHeight(0);
        setStatus('idle');
        return;
      }
      busy = true;
      pulled = 0;
      setHeight(HEAD_PX);
      setStatus('refreshing');
      // A failed reload was already shown by the API layer; the gesture must still settle.
      await refresh.current().catch(() => undefined);
      if (!live) return;
      setStatus('complete');
      await later(COMPLETE_MS);
      setHeight(0);
      await later(300);
      setStatus('idle');
      busy = false;
    };

    const touchStart = (event: TouchEvent) => begin(event.touches[0]?.clientY ?? 0);
    const touchMove = (event: TouchEvent) => move(event.touches[0]?.clientY ?? 0, event);
    const mouseDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button === 0) begin(event.clientY);
    };
    const mouseMove = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') move(event.clientY, event);
    };
    const mouseUp = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') void end();
    };
    const touchEnd = () => void end();
    element.addEventListener('touchstart', touchStart, { passive: true });
    element.addEventListener('touchmove', touchMove, { passive: false });
    element.addEventListener('touchend', touchEnd);
    element.addEventListener('touchcancel', touchEnd);
    element.addEventListener('pointerdown', mouseDown);
    window.addEventListener('pointermove', mouseMove);
    window.addEventListener('pointerup', mouseUp);
    return () => {
      live = false;
      for (const timer of timers) clearTimeout(timer);
      element.removeEventListener('touchstart', touchStart);
      element.removeEventListener('touchmove', touchMove);
      element.removeEventListener('touchend', touchEnd);
      element.removeEventListener('touchcancel', touchEnd);
      element.removeEventListener('pointerdown', mouseDown);
      window.removeEventListener('pointermove', mouseMove);
      window.removeEventListener('pointerup', mouseUp);
    };
  }, []);

  return (
    <div className="pull-refresh" ref={root}>
      <div
        className={
          dragging ? 'pull-refresh__head' : 'pull-refresh__head pull-refresh__head--settling'
        }
        style={{ height }}
      >
        <p className="pull-refresh__text" role="status">
          {TEXTS[status]}
        </p>
      </div>
      {children}
    </div>
  );
}
