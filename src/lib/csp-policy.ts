/** Services whose embeds articles may show (see EMBED_SERVICES in block-sanitizer.ts). */
export const EMBED_FRAME_SOURCES = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://www.instagram.com",
  "https://platform.twitter.com",
  "https://codepen.io",
];

/** Firebase endpoints the lazily loaded client talks to (Firestore, Auth, Analytics). */
export const FIREBASE_CONNECT_SOURCES = [
  "https://firestore.googleapis.com",
  "https://firebase.googleapis.com",
  "https://firebaseinstallations.googleapis.com",
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
];

/**
 * The page's own policy, written into its HTML as a meta tag: scripts only from the site and the
 * exact inline scripts of this page (no 'unsafe-inline'). `emulatorHost` adds a local Firestore
 * emulator, the other local emulators and local image servers for development and tests.
 */
export function pagePolicy(scriptHashes: string[], emulatorHost?: string): string {
  // With a local Firestore emulator come the other local emulators (Auth, for the editors' preview)
  // on ports of their own, so any port of the loopback address is allowed in such a build.
  const local = emulatorHost ? [`http://${emulatorHost}`, "http://127.0.0.1:*"] : [];
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${emulatorHost ? " http://127.0.0.1:*" : ""}`,
    "font-src 'self' data:",
    `connect-src 'self' ${[...FIREBASE_CONNECT_SOURCES, ...local].join(" ")}`,
    `frame-src ${EMBED_FRAME_SOURCES.join(" ")}`,
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join("; ");
}

/** The policy for every response (firebase.json): the directives that do not depend on the page. */
export function headerPolicy(): string {
  return [
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `frame-src ${EMBED_FRAME_SOURCES.join(" ")}`,
  ].join("; ");
}
