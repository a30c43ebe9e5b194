/** @jest-environment node */
import { firebaseConfigFromEnv } from "../../../../src/lib/firebase-config";

// The web app's Firebase settings, from the GATSBY_* variables a build inlines: each one trimmed,
// and a blank one as good as unset (no project means no Firebase at all in the browser).

const VARIABLES = {
  apiKey: "GATSBY_FIREBASE_API_KEY",
  authDomain: "GATSBY_FIREBASE_AUTH_DOMAIN",
  projectId: "GATSBY_FIREBASE_PROJECT_ID",
  storageBucket: "GATSBY_FIREBASE_STORAGE_BUCKET",
  messagingSenderId: "GATSBY_FIREBASE_MESSAGING_SENDER_ID",
  appId: "GATSBY_FIREBASE_APP_ID",
  measurementId: "GATSBY_FIREBASE_MEASUREMENT_ID",
  emulatorHost: "GATSBY_FIRESTORE_EMULATOR_HOST",
  authEmulatorHost: "GATSBY_FIREBASE_AUTH_EMULATOR_HOST",
} as const;

const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.values(VARIABLES)) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("firebaseConfigFromEnv", () => {
  it("reads each setting from its own variable, trimmed", () => {
    for (const [key, name] of Object.entries(VARIABLES)) process.env[name] = `  ${key}-value \n`;
    expect(firebaseConfigFromEnv()).toEqual(
      Object.fromEntries(Object.keys(VARIABLES).map((key) => [key, `${key}-value`])),
    );
  });

  it("leaves out a setting whose variable is unset, empty or only spaces", () => {
    for (const name of Object.values(VARIABLES)) delete process.env[name];
    process.env.GATSBY_FIREBASE_PROJECT_ID = "   ";
    process.env.GATSBY_FIREBASE_API_KEY = "";
    process.env.GATSBY_FIRESTORE_EMULATOR_HOST = "127.0.0.1:8080";
    const config = firebaseConfigFromEnv();
    expect(config.projectId).toBeUndefined();
    expect(config.apiKey).toBeUndefined();
    expect(config.emulatorHost).toBe("127.0.0.1:8080");
    expect(Object.values(config).filter((value) => value !== undefined)).toEqual(["127.0.0.1:8080"]);
  });
});
