/** Stores reach React through context, never module singletons. */
import { createContext, type ReactNode, useContext } from 'react';
import type { Feature, RootStore } from './RootStore';

const StoresContext = createContext<RootStore | null>(null);

export function StoresProvider({ root, children }: { root: RootStore; children: ReactNode }) {
  return <StoresContext.Provider value={root}>{children}</StoresContext.Provider>;
}

/** The RootStore of the running app: `const { user, api } = useStores();`. */
export function useStores(): RootStore {
  const root = useContext(StoresContext);
  if (!root) throw new Error('useStores() needs a <StoresProvider> above it');
  return root;
}

/** A feature's store, made on first use: `const loan = useFeature(loanFeature);`. */
export function useFeature<T>(feature: Feature<T>): T {
  return useStores().feature(feature);
}
