/** @jest-environment node */
import { consoleConfig } from "../../../../editors/src/config";
import { consoleEnvironment, emulatorCspSources } from "../../../../scripts/lib/editors-console.ts";

// What npm run emulators builds the console with, read back the way the console reads it.
const emulators = {
  projectId: "demo-kindred",
  authHost: "127.0.0.1:9099",
  firestoreHost: "127.0.0.1:8080",
  functionsHost: "127.0.0.1:5001",
  siteUrl: "http://127.0.0.1:9000",
};

describe("consoleEnvironment", () => {
  it("gives the console every emulator, and a password sign-in, as the console reads its settings", () => {
    const environment = consoleEnvironment(emulators);
    expect(consoleConfig(environment)).toEqual({
      ok: true,
      firebase: { projectId: "demo-kindred", apiKey: "demo-key", authDomain: "demo-kindred.firebaseapp.com" },
      signIn: "password",
      emulators: {
        auth: { host: "127.0.0.1", port: 9099 },
        firestore: { host: "127.0.0.1", port: 8080 },
        functions: { host: "127.0.0.1", port: 5001 },
      },
    });
    expect(environment.VITE_SITE_URL).toBe("http://127.0.0.1:9000");
  });
});

describe("emulatorCspSources", () => {
  it("lets the console reach the three emulators and show the local images, and nothing more", () => {
    expect(emulatorCspSources(emulators, ["http://127.0.0.1:4321", "http://127.0.0.1:9000"])).toEqual({
      "connect-src": ["http://127.0.0.1:9099", "http://127.0.0.1:8080", "http://127.0.0.1:5001"],
      "img-src": ["http://127.0.0.1:9000", "http://127.0.0.1:4321"],
    });
  });
});
