// The Firestore the service tells editors in: `articleStatus` (through @kindred/publishing's writer)
// and `siteBuilds` (site-build-writer.ts), with server credentials (firebase-admin).
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";

/**
 * The Firestore the states are written to: project `projectId` with the service's credentials
 * (Application Default Credentials), or the emulator at FIRESTORE_EMULATOR_HOST (or the build's
 * GATSBY_FIRESTORE_EMULATOR_HOST). Null without a project: nothing is written.
 */
export function openStatusDatabase(projectId: string, env: NodeJS.ProcessEnv = process.env): Firestore | null {
  if (!projectId) return null;
  // firebase-admin reads the emulator's address from this variable only.
  if (!env.FIRESTORE_EMULATOR_HOST && env.GATSBY_FIRESTORE_EMULATOR_HOST)
    env.FIRESTORE_EMULATOR_HOST = env.GATSBY_FIRESTORE_EMULATOR_HOST;
  return getFirestore(initializeApp({ projectId }, `rebuild-status-${projectId}`));
}
