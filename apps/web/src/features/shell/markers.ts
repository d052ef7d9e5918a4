/**
 * The only things the browser keeps: UI markers, never identity or personal data.
 * Local storage survives the tab (first visit); session storage lives with the tab (redirects).
 */
const VISITED = 'guichet.visited';
const REDIRECT_AFTER_LOGIN = 'guichet.redirectAfterLogin';

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/** True only the first time it is called in this browser. */
export function isFirstVisit(): boolean {
  return safely(() => {
    if (localStorage.getItem(VISITED)) return false;
    localStorage.setItem(VISITED, '1');
    return true;
  }, false);
}

export function rememberRedirectAfterLogin(path: string): void {
  safely(() => sessionStorage.setItem(REDIRECT_AFTER_LOGIN, path), undefined);
}

/** The page to return to after login, read once. Only same-site paths are honoured. */
export function takeRedirectAfterLogin(): string | null {
  return safely(() => {
    const path = sessionStorage.getItem(REDIRECT_AFTER_LOGIN);
    sessionStorage.removeItem(REDIRECT_AFTER_LOGIN);
    return path?.startsWith('/') && !path.startsWith('//') ? path : null;
  }, null);
}

/** Logout forgets the markers tied to the person, and keeps the UI preferences. */
export function clearPersonalMarkers(): void {
  safely(() => {
    sessionStorage.removeItem(REDIRECT_AFTER_LOGIN);
  }, undefined);
}
