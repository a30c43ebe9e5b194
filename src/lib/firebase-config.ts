/** The web app's Firebase settings, read from GATSBY_FIREBASE_* variables (inlined at build time). */
export interface FirebaseWebConfig {
  apiKey?: string;
  authDomain?: string;
  projectId?: string;
  storageBucket?: string;
  messagingSenderId?: string;
  appId?: string;
  measurementId?: string;
  /** `host:port` of a Firestore emulator, when one is used. */
  emulatorHost?: string;
  /** `host:port` of an Auth emulator, when one is used (the editors' preview signs in there). */
  authEmulatorHost?: string;
}

const orUndefined = (value: string | undefined): string | undefined =>
  value && value.trim() !== "" ? value.trim() : undefined;

/** Reads the configuration; each `process.env.GATSBY_*` is written out so webpack can inline it. */
export function firebaseConfigFromEnv(): FirebaseWebConfig {
  return {
    apiKey: orUndefined(process.env.GATSBY_FIREBASE_API_KEY),
    authDomain: orUndefined(process.env.GATSBY_FIREBASE_AUTH_DOMAIN),
    projectId: orUndefined(process.env.GATSBY_FIREBASE_PROJECT_ID),
    storageBucket: orUndefined(process.env.GATSBY_FIREBASE_STORAGE_BUCKET),
    messagingSenderId: orUndefined(process.env.GATSBY_FIREBASE_MESSAGING_SENDER_ID),
    appId: orUndefined(process.env.GATSBY_FIREBASE_APP_ID),
    measurementId: orUndefined(process.env.GATSBY_FIREBASE_MEASUREMENT_ID),
    emulatorHost: orUndefined(process.env.GATSBY_FIRESTORE_EMULATOR_HOST),
    authEmulatorHost: orUndefined(process.env.GATSBY_FIREBASE_AUTH_EMULATOR_HOST),
  };
}
