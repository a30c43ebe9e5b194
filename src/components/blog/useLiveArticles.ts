import * as React from "react";
import { firebaseConfigFromEnv } from "../../lib/firebase-config";
import type { BlogCardData } from "./BlogCard";

const whenIdle = (callback: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout: 4000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 2000);
  return () => window.clearTimeout(timer);
};

/**
 * Articles published or edited since the build, live. Firebase is imported only when a project is
 * configured, and only once the page is idle or `start` is called (the visitor searches). Any
 * failure leaves the built list as it is, with one console warning.
 */
export function useLiveArticles(buildTime: string): { changed: BlogCardData[]; start: () => void } {
  const [changed, setChanged] = React.useState<BlogCardData[]>([]);
  const [started, setStarted] = React.useState(false);
  const start = React.useCallback(() => setStarted(true), []);

  React.useEffect(() => {
    if (started) return undefined;
    return whenIdle(() => setStarted(true));
  }, [started]);

  React.useEffect(() => {
    const config = firebaseConfigFromEnv();
    if (!started || !config.projectId) return undefined;
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    let warned = false;
    const warn = (error: unknown): void => {
      if (!warned) console.warn("Live blog updates are unavailable; showing the list as built.", error);
      warned = true;
    };
    import("../../lib/firebase-client")
      .then(({ subscribeToChangesSince }) => {
        if (cancelled) return;
        unsubscribe = subscribeToChangesSince(config, buildTime, setChanged, warn);
      })
      .catch(warn);
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [started, buildTime]);

  return { changed, start };
}
