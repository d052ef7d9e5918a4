import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { expectEveryRequestHandled } from './fetch-stub';

// findBy* waits 1 s by default: a step that renders after a request can take longer while the
// whole suite shares two busy CPUs (a CI run failed on it). Waiting longer never hides a failure.
configure({ asyncUtilTimeout: 5_000 });

// What jsdom lacks and Mantine asks for (its own testing guide lists these).
window.HTMLElement.prototype.scrollIntoView = () => {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Vitest runs without globals, so Testing Library cannot unmount on its own between tests.
// Toasts live in a store of their own, outside React: emptied too, or one test would see another's.
afterEach(() => {
  cleanup();
  notifications.clean();
  expectEveryRequestHandled();
});
