import { firebaseConfigFromEnv } from "./firebase-config";

/** The events the site records (see docs/requirements/data.md, Analytics). */
export type AnalyticsEvent = "Page Loaded" | "play-store-button-clicked";
export type AnalyticsParams = Record<string, string | number | boolean>;

export interface DataLayerEntry extends AnalyticsParams {
  event: string;
}

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/**
 * Records an analytics event: always in `window.dataLayer`, and in Firebase Analytics when a
 * measurement id is configured (loaded lazily, so pages without it never download Firebase).
 */
export function track(event: AnalyticsEvent, params: AnalyticsParams = {}): void {
  if (typeof window === "undefined") return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ ...params, event });

  const config = firebaseConfigFromEnv();
  if (config.projectId && config.measurementId) {
    import("./firebase-analytics")
      .then(({ logAnalyticsEvent }) => logAnalyticsEvent(config, event, params))
      .catch((error: unknown) => console.warn("Analytics is unavailable:", error));
  }
}
