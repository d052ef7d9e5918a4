import { isSitePage, SITE_PAGES } from '@guichet/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every page path the router declares, its children's joined to their parent's. */
function pathsOf(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
    const here = route.path && route.path !== '*' ? [own] : [];
    return [...here, ...pathsOf(route.children ?? [], own)];
  });
}

describe('the pages the server knows', () => {
  it('are the router’s pages, so that the server answers 404 exactly where the app shows its not-found page', () => {
    expect(new Set(pathsOf(routes))).toEqual(new Set(SITE_PAGES.map((page) => page.path)));
  });

  it('match a page with its parameters and a trailing slash, and nothing else', () => {
    expect(isSitePage('/')).toBe(true);
    expect(isSitePage('/billetterie/')).toBe(true);
    expect(isSitePage('/billetterie/0b7c1c9e-8f0a-4a8e-9d7c-2f6f0e5a1b2c')).toBe(true);
    expect(isSitePage('/admin/journal')).toBe(true);
    expect(isSitePage('/nope/nope')).toBe(false);
    expect(isSitePage('/billetterie/a/b')).toBe(false);
    expect(isSitePage('/admin/inconnu')).toBe(false);
  });
});
