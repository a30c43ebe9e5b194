// Events reach Firebase Analytics only when a project and a measurement id are configured. The
// Firebase SDK is replaced at its module boundary; what is checked is what the site hands it.
import { waitFor } from "@testing-library/react";
import { track } from "../../../../src/lib/analytics";
import { logAnalyticsEvent } from "../../../../src/lib/firebase-analytics";
import * as app from "firebase/app";
import * as analytics from "firebase/analytics";

jest.mock("firebase/app", () => ({
  getApps: jest.fn(() => []),
  initializeApp: jest.fn((options: Record<string, unknown>) => ({ name: "[DEFAULT]", options })),
}));

jest.mock("firebase/analytics", () => ({
  isSupported: jest.fn(() => Promise.resolve(true)),
  getAnalytics: jest.fn((firebaseApp: unknown) => ({ analyticsOf: firebaseApp })),
  logEvent: jest.fn(),
}));

const mocked = {
  getApps: app.getApps as jest.Mock,
  initializeApp: app.initializeApp as jest.Mock,
  isSupported: analytics.isSupported as jest.Mock,
  logEvent: analytics.logEvent as jest.Mock,
};

const ENV = {
  GATSBY_FIREBASE_PROJECT_ID: "gaps-project",
  GATSBY_FIREBASE_API_KEY: "api-key",
  GATSBY_FIREBASE_APP_ID: "1:2:web:3",
  GATSBY_FIREBASE_MEASUREMENT_ID: "G-TEST123",
  GATSBY_FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080",
};

function configure(env: Partial<typeof ENV>): void {
  for (const name of Object.keys(ENV)) delete process.env[name];
  Object.assign(process.env, env);
}

beforeEach(() => {
  delete window.dataLayer;
  jest.clearAllMocks();
  mocked.isSupported.mockResolvedValue(true);
  mocked.getApps.mockReturnValue([]);
});

afterAll(() => configure({}));

describe("Firebase Analytics (AN1)", () => {
  test("with a project and a measurement id, each event is logged with its parameters, and pushed to the data layer", async () => {
    configure(ENV);
    track("play-store-button-clicked", { placement: "navigation" });
    expect(window.dataLayer).toEqual([{ event: "play-store-button-clicked", placement: "navigation" }]);
    await waitFor(() => expect(mocked.logEvent).toHaveBeenCalledTimes(1));
    const [instance, name, params] = mocked.logEvent.mock.calls[0] as [
      { analyticsOf: { options: Record<string, unknown> } },
      string,
      unknown,
    ];
    expect(name).toBe("play-store-button-clicked");
    expect(params).toEqual({ placement: "navigation" });
    // The app is made from the site's web config; the emulator setting is not a Firebase option.
    expect(instance.analyticsOf.options).toEqual({
      projectId: "gaps-project",
      apiKey: "api-key",
      appId: "1:2:web:3",
      measurementId: "G-TEST123",
      authDomain: undefined,
      storageBucket: undefined,
      messagingSenderId: undefined,
    });
  });

  test("reuses the page's Firebase app when Firestore already made one", async () => {
    configure(ENV);
    const existing = { name: "[DEFAULT]", options: { projectId: "gaps-project" } };
    mocked.getApps.mockReturnValue([existing]);
    track("Page Loaded");
    await waitFor(() => expect(mocked.logEvent).toHaveBeenCalledTimes(1));
    expect(mocked.initializeApp).not.toHaveBeenCalled();
    expect(mocked.logEvent.mock.calls[0]?.[0]).toEqual({ analyticsOf: existing });
  });

  test("without a measurement id nothing is sent to Firebase, only to the data layer", async () => {
    configure({ ...ENV, GATSBY_FIREBASE_MEASUREMENT_ID: undefined });
    delete process.env.GATSBY_FIREBASE_MEASUREMENT_ID;
    track("Page Loaded");
    // The control: with a measurement id, the same call reaches logEvent; once it has, the call
    // without one, made before it, had its chance and sent nothing.
    configure(ENV);
    track("play-store-button-clicked");
    await waitFor(() => expect(mocked.logEvent).toHaveBeenCalledTimes(1));
    expect(mocked.logEvent.mock.calls[0]?.[1]).toBe("play-store-button-clicked");
    expect(window.dataLayer?.map((entry) => entry.event)).toEqual(["Page Loaded", "play-store-button-clicked"]);
  });

  test("without a project nothing is sent to Firebase, even with a measurement id", async () => {
    configure({ GATSBY_FIREBASE_MEASUREMENT_ID: "G-TEST123" });
    track("Page Loaded");
    configure(ENV);
    track("play-store-button-clicked");
    await waitFor(() => expect(mocked.logEvent).toHaveBeenCalledTimes(1));
    expect(mocked.logEvent.mock.calls[0]?.[1]).toBe("play-store-button-clicked");
  });

  test("in a browser Analytics does not support, nothing is logged and nothing breaks", async () => {
    mocked.isSupported.mockResolvedValue(false);
    await expect(
      logAnalyticsEvent({ projectId: "gaps-project", measurementId: "G-TEST123" }, "Page Loaded", {}),
    ).resolves.toBeUndefined();
    expect(mocked.isSupported).toHaveBeenCalledTimes(1);
    expect(mocked.logEvent).not.toHaveBeenCalled();
    mocked.isSupported.mockResolvedValue(true);
    await logAnalyticsEvent({ projectId: "gaps-project", measurementId: "G-TEST123" }, "Page Loaded", {});
    expect(mocked.logEvent).toHaveBeenCalledTimes(1);
  });
});
