/**
 * Whether a navigation is waiting for its screen's code: the screen shown stays until the new
 * one can render, and what starts another navigation (the tab bar, Home's main button) waits
 * meanwhile. The router provides it (router/AppRouterProvider.tsx); features read it here, as
 * they never import the router (docs/architecture.md "Layers and imports").
 */
import { createContext, useContext } from 'react';

export const NavigatingContext = createContext(false);

/** True while a navigation waits for its screen's chunk. */
export function useNavigating(): boolean {
  return useContext(NavigatingContext);
}
