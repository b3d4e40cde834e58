/**
 * `use-sync-external-store/shim` for mobx-react-lite (vite.web.config.ts alias): React 18 and
 * later have the hook, so the shim package (a CommonJS fallback for React 16/17 with its
 * interop wrapper) is React's own export here.
 */
export { useSyncExternalStore } from 'react';
