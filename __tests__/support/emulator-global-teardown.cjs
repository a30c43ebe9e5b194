module.exports = async function stopFirestoreEmulator() {
  globalThis.__FIRESTORE_EMULATOR__?.stop();
};
