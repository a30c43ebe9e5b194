import { emulatorHandover } from "./emulator-global-setup.ts";

/** Stops the emulator the global set-up started, with the Java process behind it. */
export default async function stopFirestoreEmulator(): Promise<void> {
  emulatorHandover.firestoreEmulator?.stop();
  delete emulatorHandover.firestoreEmulator;
}
