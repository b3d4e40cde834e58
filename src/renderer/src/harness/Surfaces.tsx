/** Native side effects (browser, SMS, dialer, …) as toasts over the phone; each fades after a while. */
import { useEffect, useRef } from 'react';
import type { PanelAction } from '@host/panelApi';
import type { NativeSurface } from '@host/types';

const SURFACE_MS = 6000;
const ICONS: Partial<Record<NativeSurface['method'], string>> = {
  openBrowser: '↗',
  sendSms: '✉',
  dialPhone: '☎',
  composeEmail: '@',
  openNativePage: '▣',
  saveImageToAlbum: '▤',
  useVoucher: '%',
  loanApply: '₱',
  loanRepaid: '✓',
};

export function Surfaces({
  surfaces,
  dispatch,
  autoDismiss,
}: {
  surfaces: readonly NativeSurface[];
  dispatch(action: PanelAction): void;
  autoDismiss: boolean;
}) {
  return (
    <ul className="sim-surfaces" aria-label="Native surfaces">
      {surfaces.map((surface) => (
        <SurfaceToast
          key={surface.id}
          surface={surface}
          onClose={() => dispatch({ type: 'dismissSurface', id: surface.id })}
          autoDismiss={autoDismiss}
        />
      ))}
    </ul>
  );
}

function SurfaceToast({
  surface,
  onClose,
  autoDismiss,
}: {
  surface: NativeSurface;
  onClose(): void;
  autoDismiss: boolean;
}) {
  // The snapshot changes often; keep the first timer instead of restarting it on every render.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!autoDismiss) return;
    const timer = setTimeout(() => close.current(), SURFACE_MS);
    return () => clearTimeout(timer);
  }, [autoDismiss]);
  return (
    <li className="sim-surface" data-method={surface.method}>
      <span className="sim-surface__icon" aria-hidden="true">
        {ICONS[surface.method] ?? '•'}
      </span>
      <span className="sim-surface__text">
        <strong>{surface.title}</strong>
        <span>{surface.detail}</span>
      </span>
      <button className="sim-surface__close" aria-label="Dismiss" onClick={onClose}>
        ×
      </button>
    </li>
  );
}
