// jsdom setup for renderer unit tests. Files share one jsdom per worker (vitest.config.ts): each
// one leaves the document and the storage empty for the next.
import { cleanup, configure } from '@testing-library/react';
import { afterAll } from 'vitest';

// findBy*/waitFor wait on a condition; 1 s (the library's default) is less than a lazy page's
// first import takes on a loaded 2-core machine. A test that passes returns as soon as it holds.
configure({ asyncUtilTimeout: 10_000 });

afterAll(() => {
  cleanup();
  document.body.replaceChildren();
  document.head.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  // What index.html's inline scripts leave on the window (lib/startupPage.ts), and the app's
  // side marks done (lib/firstFrame.ts): a rendered Home or crash page in one file must not
  // tell the next that a first frame was already taken over.
  globalThis.__dlStartup = undefined;
});
