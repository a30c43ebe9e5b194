import { deleteApp, getApps } from "firebase-admin/app";
import type { Firestore } from "firebase-admin/firestore";
import { openStatusDatabase } from "../../../../webhook/lib/status-database.ts";

// The Firestore the rebuild service tells editors in, opened as the service opens it: from the
// project id alone, on the emulator the environment names (the integration set-up's), whichever of
// the two variables names it. A document written through it is read back from the emulator itself.

const host = process.env.FIRESTORE_EMULATOR_HOST!;
const savedEnv = { ...process.env };

afterEach(async () => {
  process.env = { ...savedEnv };
  await Promise.all(
    getApps()
      .filter((app) => app.name.startsWith("rebuild-status-"))
      .map((app) => deleteApp(app)),
  );
});

/** Empties `projectId` on the emulator. */
async function wipe(projectId: string): Promise<void> {
  const url = `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  expect((await fetch(url, { method: "DELETE" })).ok).toBe(true);
}

/** What the emulator's REST API holds of articleStatus/`id` in `projectId` (undefined: nothing). */
async function stored(projectId: string, id: string): Promise<unknown> {
  const response = await fetch(
    `http://${host}/v1/projects/${projectId}/databases/(default)/documents/articleStatus/${id}`,
    { headers: { authorization: "Bearer owner" } },
  );
  return ((await response.json()) as { fields?: unknown }).fields;
}

/** Writes a status through `db` and answers what the emulator holds of it in `projectId`. */
async function roundTrip(db: Firestore, projectId: string, id = "a1"): Promise<unknown> {
  await db.collection("articleStatus").doc(id).set({ state: "live" });
  return stored(projectId, id);
}

describe("openStatusDatabase", () => {
  it("opens nothing without a project: no state is written", () => {
    const env: NodeJS.ProcessEnv = { GATSBY_FIRESTORE_EMULATOR_HOST: host };
    expect(openStatusDatabase("", env)).toBeNull();
    expect(env).toEqual({ GATSBY_FIRESTORE_EMULATOR_HOST: host });
  });

  it("opens the project's Firestore on the emulator the build's GATSBY_FIRESTORE_EMULATOR_HOST names", async () => {
    const projectId = "status-database-gatsby";
    await wipe(projectId);
    delete process.env.FIRESTORE_EMULATOR_HOST;
    process.env.GATSBY_FIRESTORE_EMULATOR_HOST = host;
    const db = openStatusDatabase(projectId)!;
    // firebase-admin reads the emulator's address from this variable only.
    expect(process.env.FIRESTORE_EMULATOR_HOST).toBe(host);
    expect(db.databaseId).toBe("(default)");
    expect(await roundTrip(db, projectId)).toEqual({ state: { stringValue: "live" } });
  });

  it("keeps FIRESTORE_EMULATOR_HOST when it is set, whatever the build's variable says", async () => {
    const projectId = "status-database-explicit";
    await wipe(projectId);
    process.env.GATSBY_FIRESTORE_EMULATOR_HOST = "127.0.0.1:9";
    const db = openStatusDatabase(projectId)!;
    expect(process.env.FIRESTORE_EMULATOR_HOST).toBe(host);
    expect(await roundTrip(db, projectId)).toEqual({ state: { stringValue: "live" } });
  });

  it("gives each project a Firestore of its own", async () => {
    await Promise.all(["status-database-one", "status-database-two"].map(wipe));
    const one = openStatusDatabase("status-database-one")!;
    const two = openStatusDatabase("status-database-two")!;
    const live = { state: { stringValue: "live" } };
    expect(await roundTrip(one, "status-database-one", "from-one")).toEqual(live);
    expect(await roundTrip(two, "status-database-two", "from-two")).toEqual(live);
    expect(await stored("status-database-one", "from-two")).toBeUndefined();
    expect(await stored("status-database-two", "from-one")).toBeUndefined();
  });
});
