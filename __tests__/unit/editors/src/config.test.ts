import { consoleConfig } from "../../../../editors/src/config";

describe("consoleConfig", () => {
  it("is Google sign-in against the real project when no emulator is named", () => {
    const config = consoleConfig({
      VITE_FIREBASE_PROJECT_ID: "kindred-prod",
      VITE_FIREBASE_API_KEY: "AIza-key",
    });
    expect(config).toEqual({
      ok: true,
      firebase: { projectId: "kindred-prod", apiKey: "AIza-key", authDomain: "kindred-prod.firebaseapp.com" },
      signIn: "google",
      emulators: {},
    });
  });

  it("takes the auth domain it is given", () => {
    const config = consoleConfig({
      VITE_FIREBASE_PROJECT_ID: "kindred-prod",
      VITE_FIREBASE_API_KEY: "AIza-key",
      VITE_FIREBASE_AUTH_DOMAIN: "editors.kindred.app",
    });
    expect(config.ok && config.firebase.authDomain).toBe("editors.kindred.app");
  });

  it("signs in with a password and reads each emulator's host and port when they are named", () => {
    const config = consoleConfig({
      VITE_FIREBASE_PROJECT_ID: "demo-kindred",
      VITE_EMULATOR_AUTH: "127.0.0.1:9099",
      VITE_EMULATOR_FIRESTORE: "127.0.0.1:8080",
      VITE_EMULATOR_FUNCTIONS: "localhost:5001",
    });
    expect(config).toEqual({
      ok: true,
      // The emulators take any API key.
      firebase: { projectId: "demo-kindred", apiKey: "demo-key", authDomain: "demo-kindred.firebaseapp.com" },
      signIn: "password",
      emulators: {
        auth: { host: "127.0.0.1", port: 9099 },
        firestore: { host: "127.0.0.1", port: 8080 },
        functions: { host: "localhost", port: 5001 },
      },
    });
  });

  it("names every variable that is missing or wrong, rather than starting half configured", () => {
    expect(consoleConfig({})).toEqual({
      ok: false,
      problems: [
        "VITE_FIREBASE_PROJECT_ID is not set.",
        "VITE_FIREBASE_API_KEY is not set (only the emulators do without one).",
      ],
    });
    expect(
      consoleConfig({ VITE_FIREBASE_PROJECT_ID: "p", VITE_EMULATOR_AUTH: "9099", VITE_EMULATOR_FIRESTORE: "h:0" }),
    ).toEqual({
      ok: false,
      problems: [
        'VITE_EMULATOR_AUTH must be host:port, such as 127.0.0.1:9099 (got "9099").',
        'VITE_EMULATOR_FIRESTORE must be host:port, such as 127.0.0.1:9099 (got "h:0").',
      ],
    });
    // Blank is unset: a variable exported empty by a shell script.
    expect(consoleConfig({ VITE_FIREBASE_PROJECT_ID: " ", VITE_FIREBASE_API_KEY: "" }).ok).toBe(false);
  });
});
