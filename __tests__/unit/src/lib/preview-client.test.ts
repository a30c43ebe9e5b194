/** @jest-environment node */
// The editors' preview's Firebase client, with the Firebase SDK replaced at its module boundary by
// stand-ins that record how they were called: an app of its own kept in memory, signed in with the
// link's token, following one blogMetaData document. The real SDK against the emulators is
// exercised by e2e/preview.spec.ts.
import type { FirebaseWebConfig } from "../../../../src/lib/firebase-config";
import { openPreview, type PreviewFailure } from "../../../../src/lib/preview-client";

jest.mock("firebase/app", () => ({
  initializeApp: jest.fn((options: unknown, name: string) => ({ options, name })),
  deleteApp: jest.fn(() => Promise.resolve()),
}));

jest.mock("firebase/auth", () => ({
  initializeAuth: jest.fn(() => ({ auth: true })),
  inMemoryPersistence: { tag: "inMemoryPersistence" },
  connectAuthEmulator: jest.fn(),
  signInWithCustomToken: jest.fn(() => Promise.resolve()),
}));

jest.mock("firebase/firestore", () => {
  const tag =
    (name: string) =>
    (...args: unknown[]) => ({ tag: name, args });
  return {
    initializeFirestore: jest.fn(() => ({ firestore: true })),
    memoryLocalCache: jest.fn(tag("memoryLocalCache")),
    connectFirestoreEmulator: jest.fn(),
    doc: jest.fn((_db: unknown, ...path: string[]) => ({ tag: "doc", args: path })),
    collection: jest.fn((_db: unknown, name: string) => ({ tag: "collection", args: [name] })),
    where: jest.fn(tag("where")),
    limit: jest.fn(tag("limit")),
    query: jest.fn(tag("query")),
    getDocs: jest.fn(() => Promise.resolve({ docs: [] })),
    onSnapshot: jest.fn(() => () => undefined),
  };
});

const app = jest.requireMock<jest.Mocked<typeof import("firebase/app")>>("firebase/app");
const auth = jest.requireMock<jest.Mocked<typeof import("firebase/auth")>>("firebase/auth");
const firestore = jest.requireMock<jest.Mocked<typeof import("firebase/firestore")>>("firebase/firestore");

const CONFIG: FirebaseWebConfig = { projectId: "preview-test", apiKey: "key" };

afterEach(() => jest.clearAllMocks());

describe("opening a preview", () => {
  it("signs in with the link's token in an app of its own, keeping the credential and the draft in memory", async () => {
    await openPreview(CONFIG, "meta-1", "the-token");
    expect(app.initializeApp).toHaveBeenCalledWith({ projectId: "preview-test", apiKey: "key" }, "preview");
    expect(auth.initializeAuth).toHaveBeenCalledWith(expect.anything(), { persistence: auth.inMemoryPersistence });
    expect(firestore.initializeFirestore).toHaveBeenCalledWith(expect.anything(), {
      localCache: { tag: "memoryLocalCache", args: [] },
    });
    expect(auth.signInWithCustomToken).toHaveBeenCalledWith(expect.anything(), "the-token");
    expect(auth.connectAuthEmulator).not.toHaveBeenCalled();
    expect(firestore.connectFirestoreEmulator).not.toHaveBeenCalled();
  });

  it("connects the emulators named by host:port, and needs no API key there", async () => {
    await openPreview(
      { projectId: "demo", emulatorHost: "127.0.0.1:8080", authEmulatorHost: "localhost:9099" },
      "meta-1",
      "token",
    );
    expect(app.initializeApp).toHaveBeenCalledWith({ projectId: "demo", apiKey: "no-api-key" }, "preview");
    expect(auth.connectAuthEmulator).toHaveBeenCalledWith(expect.anything(), "http://localhost:9099", {
      disableWarnings: true,
    });
    expect(firestore.connectFirestoreEmulator).toHaveBeenCalledWith(expect.anything(), "127.0.0.1", 8080);
  });

  it("rejects a token the Auth service refuses, and deletes its app", async () => {
    auth.signInWithCustomToken.mockRejectedValueOnce(new Error("auth/invalid-custom-token"));
    await expect(openPreview(CONFIG, "meta-1", "tampered")).rejects.toThrow("auth/invalid-custom-token");
    expect(app.deleteApp).toHaveBeenCalledWith({ options: CONFIG, name: "preview" });
  });

  it("deletes its app when closed", async () => {
    const session = await openPreview(CONFIG, "meta-1", "token");
    expect(app.deleteApp).not.toHaveBeenCalled();
    await session.close();
    expect(app.deleteApp).toHaveBeenCalledTimes(1);
  });
});

describe("following the draft", () => {
  /** The session's follow(), with the snapshot listener it registered. */
  async function follow() {
    const session = await openPreview(CONFIG, "meta-1", "token");
    const changes: unknown[] = [];
    const failures: PreviewFailure[] = [];
    const stop = session.follow(
      (data) => changes.push(data),
      (why) => failures.push(why),
    );
    const [target, onNext, onError] = firestore.onSnapshot.mock.calls[0] as unknown as [
      unknown,
      (snapshot: { exists(): boolean; data(): unknown }) => void,
      (error: Error) => void,
    ];
    return { target, onNext, onError, changes, failures, stop };
  }

  it("follows the link's blogMetaData document, handing over every save", async () => {
    const { target, onNext, changes, failures } = await follow();
    expect(target).toEqual({ tag: "doc", args: ["blogMetaData", "meta-1"] });
    onNext({ exists: () => true, data: () => ({ title: "Draft 1" }) });
    onNext({ exists: () => true, data: () => ({ title: "Draft 2" }) });
    expect(changes).toEqual([{ title: "Draft 1" }, { title: "Draft 2" }]);
    expect(failures).toEqual([]);
  });

  it("reports a deleted article as missing, and a read the rules refuse as refused", async () => {
    const { onNext, onError, failures } = await follow();
    onNext({ exists: () => false, data: () => undefined });
    onError(new Error("permission-denied"));
    expect(failures).toEqual(["missing", "refused"]);
  });

  it("stops following with the function it returns", async () => {
    const unsubscribe = jest.fn();
    firestore.onSnapshot.mockReturnValueOnce(unsubscribe);
    const { stop } = await follow();
    stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe("published articles sharing a category with the draft", () => {
  it("asks only for published ones, with at most 30 categories and 200 documents", async () => {
    firestore.getDocs.mockResolvedValueOnce({
      docs: [{ id: "meta-2", data: () => ({ title: "Other" }) }],
    } as never);
    const session = await openPreview(CONFIG, "meta-1", "token");
    const categories = Array.from({ length: 40 }, (_, i) => `Category ${i}`);
    await expect(session.publishedSharing(categories)).resolves.toEqual([{ id: "meta-2", data: { title: "Other" } }]);
    expect(firestore.query).toHaveBeenCalledWith(
      { tag: "collection", args: ["blogMetaData"] },
      { tag: "where", args: ["published", "==", true] },
      { tag: "where", args: ["categories", "array-contains-any", categories.slice(0, 30)] },
      { tag: "limit", args: [200] },
    );
  });

  it("asks nothing for a draft without categories", async () => {
    const session = await openPreview(CONFIG, "meta-1", "token");
    await expect(session.publishedSharing([])).resolves.toEqual([]);
    expect(firestore.getDocs).not.toHaveBeenCalled();
  });
});
