// The console's screens, named in the URL's hash so the hosting needs one page and a link can be shared:
// `#/` the Articles list, `#/new` a new article, `#/article/<id>` one article.
import { useEffect, useState } from "react";

export type Route = { screen: "list" } | { screen: "editor"; id: string | null };

/** The route a hash names; anything else is the list. */
export function routeOf(hash: string): Route {
  if (hash === "#/new") return { screen: "editor", id: null };
  const match = /^#\/article\/([^/]+)$/.exec(hash);
  if (match) {
    try {
      return { screen: "editor", id: decodeURIComponent(match[1]!) };
    } catch {
      return { screen: "list" };
    }
  }
  return { screen: "list" };
}

/** Goes to a screen: "#/", "#/new" or "#/article/<id>". */
export function go(hash: string): void {
  window.location.hash = hash;
}

/** The current route, following the hash. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(window.location.hash));
  useEffect(() => {
    const follow = (): void => setRoute(routeOf(window.location.hash));
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  return route;
}
