import { startEmulator, type RunningEmulator } from "../../scripts/emulator.ts";

// Starts one real Firestore emulator for the integration suites; each suite uses its own project
// id. Jest runs this and the teardown in the same process, so the emulator is handed over on
// globalThis; the environment variables reach the test files.

/** Where the set-up leaves the running emulator for the teardown. */
export const emulatorHandover = globalThis as typeof globalThis & { firestoreEmulator?: RunningEmulator };

export default async function startFirestoreEmulator(): Promise<void> {
  const emulator = await startEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  // firebase-admin talks to the emulator without credentials; never probe the cloud metadata server.
  process.env.METADATA_SERVER_DETECTION = "none";
  emulatorHandover.firestoreEmulator = emulator;
}
