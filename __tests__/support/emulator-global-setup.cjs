// Starts one real Firestore emulator for the integration suites; each suite uses its own project id.
module.exports = async function startFirestoreEmulator() {
  const { startEmulator } = await import("../../scripts/emulator.mjs");
  const emulator = await startEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  globalThis.__FIRESTORE_EMULATOR__ = emulator;
};
