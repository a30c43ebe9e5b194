// The browser's Firebase set-up, with the Firebase SDK replaced at its module boundary by stand-ins
// that record how they were called and hand back tagged values: what matters here is which cache,
// which persistence order and which query limits the site asks the SDK for. The real SDK against
// the emulator is exercised by e2e/live.spec.ts.
import type { FirebaseWebConfig } from "../../../../src/lib/firebase-config";

type Tagged = { tag: string; args: unknown[] };

jest.mock("firebase/app", () => ({
  getApps: jest.fn(() => []),
  getApp: jest.fn(),
  initializeApp: jest.fn((options: unknown) => ({ app: options })),
}));

jest.mock("firebase/firestore", () => {
  const tag =
    (name: string) =>
    (...args: unknown[]) => ({ tag: name, args });
  return {
    initializeFirestore: jest.fn(() => ({ firestore: true })),
    persistentLocalCache: jest.fn(tag("persistentLocalCache")),
    persistentMultipleTabManager: jest.fn(tag("persistentMultipleTabManager")),
    connectFirestoreEmulator: jest.fn(),
    collection: jest.fn((_db: unknown, name: string) => ({ tag: "collection", args: [name] })),
    where: jest.fn(tag("where")),
    limit: jest.fn(tag("limit")),
    orderBy: jest.fn(tag("orderBy")),
    query: jest.fn(tag("query")),
    getDocs: jest.fn(() => Promise.resolve({ docs: [] })),
    onSnapshot: jest.fn(() => () => undefined),
    Timestamp: { fromDate: (date: Date) => ({ tag: "Timestamp", args: [date.toISOString()] }) },
  };
});

jest.mock("firebase/auth", () => ({
  initializeAuth: jest.fn(),
  indexedDBLocalPersistence: { tag: "indexedDBLocalPersistence" },
  browserLocalPersistence: { tag: "browserLocalPersistence" },
  browserSessionPersistence: { tag: "browserSessionPersistence" },
}));

const CONFIG: FirebaseWebConfig = { projectId: "gaps-test", apiKey: "key" };

/** A fresh copy of the client module (it keeps one Firestore per page) and of the mocked SDK. */
function load() {
  let modules!: {
    client: typeof import("../../../../src/lib/firebase-client");
    firestore: jest.Mocked<typeof import("firebase/firestore")>;
    auth: jest.Mocked<typeof import("firebase/auth")>;
  };
  jest.isolateModules(() => {
    modules = {
      client: jest.requireActual("../../../../src/lib/firebase-client"),
      firestore: jest.requireMock("firebase/firestore"),
      auth: jest.requireMock("firebase/auth"),
    };
  });
  return modules;
}

afterEach(() => jest.clearAllMocks());

describe("Firestore in the browser (BS1)", () => {
  test("uses a persistent local cache whose tab manager is shared between tabs", () => {
    const { client, firestore } = load();
    client.getFirestoreClient(CONFIG);
    expect(firestore.initializeFirestore).toHaveBeenCalledTimes(1);
    const settings = firestore.initializeFirestore.mock.calls[0]?.[1] as unknown as { localCache: Tagged };
    expect(settings.localCache).toEqual({
      tag: "persistentLocalCache",
      args: [{ tabManager: { tag: "persistentMultipleTabManager", args: [] } }],
    });
  });

  test("is set up once per page, however often it is asked for", () => {
    const { client, firestore, auth } = load();
    const first = client.getFirestoreClient(CONFIG);
    expect(client.getFirestoreClient(CONFIG)).toBe(first);
    expect(firestore.initializeFirestore).toHaveBeenCalledTimes(1);
    expect(auth.initializeAuth).toHaveBeenCalledTimes(1);
  });

  test("connects the emulator named by host:port, and only when one is configured", () => {
    const withEmulator = load();
    withEmulator.client.getFirestoreClient({ ...CONFIG, emulatorHost: "127.0.0.1:8181" });
    expect(withEmulator.firestore.connectFirestoreEmulator).toHaveBeenCalledWith(
      { firestore: true },
      "127.0.0.1",
      8181,
    );
    jest.clearAllMocks();
    const without = load();
    without.client.getFirestoreClient(CONFIG);
    expect(without.firestore.connectFirestoreEmulator).not.toHaveBeenCalled();
  });
});

describe("Auth in the browser (BS2)", () => {
  test("persists in indexedDB, then local storage, then session storage, in that order", () => {
    const { client, auth } = load();
    client.getFirestoreClient(CONFIG);
    expect(auth.initializeAuth).toHaveBeenCalledTimes(1);
    const options = auth.initializeAuth.mock.calls[0]?.[1] as unknown as { persistence: { tag: string }[] };
    expect(options.persistence.map((p) => p.tag)).toEqual([
      "indexedDBLocalPersistence",
      "browserLocalPersistence",
      "browserSessionPersistence",
    ]);
  });
});

describe("The fallback route's read (FB2, constants)", () => {
  test("asks for the published blog post with the slug with limit 1, and for published metadata with the slug", async () => {
    const { client, firestore } = load();
    await client.findPublishedArticleBySlug(CONFIG, "fresh-article");
    const queries = firestore.query.mock.calls.map((args) => args as unknown as Tagged[]);
    const blogQuery = queries.find(([source]) => source?.args[0] === "blog");
    const metaQuery = queries.find(([source]) => source?.args[0] === "blogMetaData");
    expect(blogQuery?.slice(1)).toEqual([
      { tag: "where", args: ["published", "==", true] },
      { tag: "where", args: ["slug", "==", "fresh-article"] },
      { tag: "limit", args: [1] },
    ]);
    expect(metaQuery?.slice(1, 3)).toEqual([
      { tag: "where", args: ["published", "==", true] },
      { tag: "where", args: ["slug", "==", "fresh-article"] },
    ]);
  });

  test("returns the first post found, with its id and data, beside every metadata document", async () => {
    const { client, firestore } = load();
    const doc = (id: string, data: Record<string, unknown>) => ({ id, data: () => data });
    firestore.getDocs
      .mockResolvedValueOnce({ docs: [doc("post-1", { title: "A" })] } as never)
      .mockResolvedValueOnce({ docs: [doc("meta-1", { slug: "a" }), doc("meta-2", { slug: "a" })] } as never);
    await expect(client.findPublishedArticleBySlug(CONFIG, "a")).resolves.toEqual({
      post: { id: "post-1", data: { title: "A" } },
      metas: [
        { id: "meta-1", data: { slug: "a" } },
        { id: "meta-2", data: { slug: "a" } },
      ],
    });
  });
});
