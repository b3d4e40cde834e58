/** Where a one-shot load stands: the stores that fetch once per page share this vocabulary. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';
