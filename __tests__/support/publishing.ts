import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { startImageServer, type ImageServer } from "./image-server";
import { startScript, stopGroup } from "./processes";
import { startService, type RebuildService } from "./rebuild-service";
import { copyProject, gatsbyEnv } from "./site-build";

// The suites that publish for real start the same two things, with the suite's own seeding in between: an
// emptied emulator project with a cover image to link to, then the rebuild service as its own process, building a
// copy of the project into scratch folders. A start that fails part-way undoes what it began itself, since the
// suite never receives the object it would have stopped.

/** Where the suite's articles come from: their Firestore project, and the server their cover image is on. */
export interface ArticleSource {
  projectId: string;
  app: App;
  db: Firestore;
  /** Serves a generated cover at /cover.webp. */
  imageServer: ImageServer;
  stop: () => Promise<void>;
}

/** The rebuild service and the site it publishes, in scratch folders of their own. */
export interface Publisher {
  /** The scratch folder: the published site in site/, the service's builds, releases and logs in builds/. */
  dir: string;
  /** The copy the service builds, so that a suite may break its gatsby-config without touching the repository. */
  projectDir: string;
  publishDir: string;
  service: RebuildService;
  /** Serves the published site as `npm start` does, on `port` ("0" for any free one); answers its address. */
  serveSite: (port?: string) => Promise<string>;
  /** Stops the site server, if one was started, and the service, then removes the scratch folders. */
  stop: () => Promise<void>;
}

const emulatorHost = (): string => process.env.FIRESTORE_EMULATOR_HOST!;

/** Empties `projectId` on the emulator the integration set-up started, opens an admin app on it, serves a cover. */
export async function startArticleSource(projectId: string): Promise<ArticleSource> {
  const imageServer = await startImageServer();
  try {
    // The suites count on finding only what they write: anything already there would be built and published too.
    await fetch(`http://${emulatorHost()}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
      method: "DELETE",
    });
  } catch (error) {
    await imageServer.close();
    throw error;
  }
  const app = initializeApp({ projectId }, projectId);
  return {
    projectId,
    app,
    db: getFirestore(app),
    imageServer,
    stop: async () => {
      await imageServer.close();
      await deleteApp(app);
    },
  };
}

/**
 * Starts the rebuild service on a fresh copy of the project, building from `source`'s project, in a temporary folder
 * named after `scratchPrefix`; `env` is what the suite adds to the service's environment (a notification receiver,
 * the schedule timer).
 */
export async function startPublisher(
  source: ArticleSource,
  scratchPrefix: string,
  env: Record<string, string> = {},
): Promise<Publisher> {
  const dir = mkdtempSync(path.join(tmpdir(), scratchPrefix));
  const publishDir = path.join(dir, "site");
  let projectDir = "";
  let siteServer: ChildProcess | undefined;
  const removeScratch = (): void => {
    for (const scratch of [dir, projectDir]) if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
  let service: RebuildService;
  try {
    projectDir = copyProject();
    service = await startService(
      { PUBLISH_DIR: publishDir, PROJECT_DIR: projectDir, BUILDS_DIR: path.join(dir, "builds"), ...env },
      gatsbyEnv({ GATSBY_FIREBASE_PROJECT_ID: source.projectId, GATSBY_FIRESTORE_EMULATOR_HOST: emulatorHost() }),
    );
  } catch (error) {
    removeScratch();
    throw error;
  }
  return {
    dir,
    projectDir,
    publishDir,
    service,
    serveSite: async (port = "0") => {
      const site = await startScript(
        "scripts/serve.ts",
        { PORT: port, PUBLIC_DIR: publishDir },
        /at (http:\/\/[\d.]+:\d+)/,
      );
      siteServer = site.child;
      return site.ready[1]!;
    },
    stop: async () => {
      stopGroup(siteServer);
      await service.stop();
      removeScratch();
    },
  };
}
