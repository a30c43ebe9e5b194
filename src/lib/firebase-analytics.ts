import { getApps, initializeApp } from "firebase/app";
import { getAnalytics, isSupported, logEvent } from "firebase/analytics";
import type { AnalyticsParams } from "./analytics";
import type { FirebaseWebConfig } from "./firebase-config";

/** Sends one event to Firebase Analytics; imported only when a measurement id is configured. */
export async function logAnalyticsEvent(
  config: FirebaseWebConfig,
  event: string,
  params: AnalyticsParams,
): Promise<void> {
  if (!(await isSupported())) return;
  const { emulatorHost: _emulatorHost, ...options } = config;
  const app = getApps()[0] ?? initializeApp(options);
  logEvent(getAnalytics(app), event, params);
}
