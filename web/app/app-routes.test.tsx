// @vitest-environment jsdom
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { firstSegment, routesFor, SCREENS } from './app-routes';

const ALL: RouteObject[] = [{ children: [{ children: SCREENS }] }];
const PATHS = [
  '/app',
  '/app/',
  '/app/dashboard',
  '/app/my-trees',
  '/app/My-Trees',
  '/app/my%2Dtrees',
  '/app/trees/care',
  '/app/trees/replanting',
  '/app/trees/t-1',
  '/app/trees',
  '/app/drives/d-1',
  '/app/drives/d-1/check-in',
  '/app/drives/d-1/other',
  '/app/donate-tree',
  '/app/donate-tree/success',
  '/app/checkout/a/b/c',
  '/app/checkout/a/b',
  '/app/user-profile/u-1',
  '/app/404',
  '/app/no-such-screen',
  '/app/%E0%A4%A',
];

/** The leaf route a path reaches, as react-router matches it under /app. */
const leaf = (routes: RouteObject[], pathname: string) => {
  const rest = pathname.replace(/^\/app/, '') || '/';
  const matches = matchRoutes(routes, rest);
  const last = matches?.at(-1);
  return last ? { element: last.route.element, params: last.params } : undefined;
};

describe('the /app routes by first segment', () => {
  it.each(PATHS)('%s reaches the same screen and parameters as with every route', (pathname) => {
    const all = leaf(ALL, pathname);
    expect(all).toBeDefined();
    expect(leaf(routesFor(pathname), pathname)).toEqual(all);
  });

  it('hands react-router a few routes, one table per first segment', () => {
    const screens = (pathname: string) => routesFor(pathname)[0]!.children![0]!.children!;
    expect(screens('/app/my-trees').map((r) => r.path)).toEqual(['my-trees', '*']);
    expect(screens('/app/trees/t-1').map((r) => r.path)).toEqual([
      'trees/care',
      'trees/replanting',
      'trees/:id',
      '*',
    ]);
    expect(routesFor('/app/my-trees')).toBe(routesFor('/app/MY-TREES'));
    expect(firstSegment('/app')).toBe('');
    expect(firstSegment('/app/drives/x')).toBe('drives');
  });
});
