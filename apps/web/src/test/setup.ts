/** Test environment: jest-dom matchers, DOM cleanup, and the browser APIs jsdom lacks that Mantine uses. */
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The files of a worker share one module graph (not isolated: each imports React, Mantine and the
// app once), so what a module keeps is emptied after every test: the toasts shown and queued (a
// full queue hides the next file's toasts), the rendered trees, storage.
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

Element.prototype.scrollIntoView ??= () => {};
