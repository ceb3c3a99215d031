import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Storage exists only in the jsdom environment.
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
