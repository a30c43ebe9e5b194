// Starts Firebase for the console: the app, Auth, Firestore and the callables' region, each pointed at
// its emulator when the build named one (config.ts). Everything else imports `services` from here.
import { initializeApp, type FirebaseApp } from "firebase/app";
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from "firebase/auth";
import { connectFirestoreEmulator, getFirestore, type Firestore } from "firebase/firestore";
import { connectFunctionsEmulator, getFunctions } from "firebase/functions";
import { REGION } from "./api";
import { consoleConfig, type ConsoleConfig } from "./config";

export interface Services {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  /** Google in production; e-mail and password on the Auth emulator. */
  signIn: "google" | "password";
}

export const config: ConsoleConfig = consoleConfig(import.meta.env);

function start(settings: Extract<ConsoleConfig, { ok: true }>): Services {
  const app = initializeApp(settings.firebase);
  // No popup resolver here: Google's sign-in window is loaded only when an editor asks for it (SignIn.tsx),
  // so the console loads no script of another origin until then, and none at all on the emulators.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  const db = getFirestore(app);
  const { auth: authEmulator, firestore, functions } = settings.emulators;
  if (authEmulator)
    connectAuthEmulator(auth, `http://${authEmulator.host}:${authEmulator.port}`, { disableWarnings: true });
  if (firestore) connectFirestoreEmulator(db, firestore.host, firestore.port);
  if (functions) connectFunctionsEmulator(getFunctions(app, REGION), functions.host, functions.port);
  return { app, auth, db, signIn: settings.signIn };
}

/** Null when the build was not configured (config.problems says why). */
export const services: Services | null = config.ok ? start(config) : null;
