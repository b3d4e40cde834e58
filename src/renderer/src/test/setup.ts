// jsdom setup for renderer unit tests. Files share one jsdom per worker (vitest.config.ts): each
// one leaves the document and the storage empty for the next.
import '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

afterAll(() => {
  cleanup();
  document.body.replaceChildren();
  document.head.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
