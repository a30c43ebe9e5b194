// Starts one real Firestore emulator for the integration suites; each suite uses its own project id.
module.exports = async function startFirestoreEmulator() {
  const { startEmulator } = await import("../../scripts/emulator.mjs");
  const emulator = await startEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  // firebase-admin talks to the emulator without credentials; never probe the cloud metadata server.
  process.env.METADATA_SERVER_DETECTION = "none";
  globalThis.__FIRESTORE_EMULATOR__ = emulator;
};
