/**
 * The React Router build's routes as a tree to match paths against, and each route's full path
 * pattern (`/blog/:slug`). The HTML cache decides by it which route a path belongs to; the
 * request metrics label every request with its pattern, never with the raw URL.
 */
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive: true;
  children: RouteNode[];
}

/** The build's route tree, case-sensitive (one spelling per page), for matching a path. */
function routeTree(build: ServerBuild): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: true, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The full path pattern of a route (its own path after its parents'). */
export function fullPath(build: ServerBuild, id: string): string {
  const parts: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

const MATCH_MEMO_ENTRIES = 5_000;

/**
 * A memoised `pathname → id of the deepest route it matches` (React Router's own ranking).
 * Matching the whole tree costs about a millisecond; a path seen before costs a map look-up.
 */
export function createDeepestRouteMatcher(build: ServerBuild): (pathname: string) => string | undefined {
  const tree = routeTree(build);
  const memo = new LRUCache<string, string | false>({ max: MATCH_MEMO_ENTRIES });
  return (pathname) => {
    let found = memo.get(pathname);
    if (found === undefined) {
      // Plain objects of the shape matchRoutes reads (an index node simply has no children).
      found = matchRoutes(tree as unknown as RouteObject[], pathname)?.at(-1)?.route.id ?? false;
      memo.set(pathname, found);
    }
    return found || undefined;
  };
}
