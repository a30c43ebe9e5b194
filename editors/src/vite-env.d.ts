// What Vite gives the console's code, declared here rather than with Vite's own "vite/client" types, whose
// *.module.css declaration would clash with the site's (src/types/css-modules.ts) in the one type check.
// The build-time settings the console reads (config.ts; docs/configuration.md):
interface ImportMetaEnv {
  /** Vite's own (MODE, DEV, PROD, …) and any other VITE_* variable. */
  readonly [name: string]: string | boolean | undefined;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_EMULATOR_AUTH?: string;
  readonly VITE_EMULATOR_FIRESTORE?: string;
  readonly VITE_EMULATOR_FUNCTIONS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
