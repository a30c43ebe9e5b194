import type { DraftFields } from "@kindred/article";
import {
  AUTOSAVE_IDLE_MS,
  createAutosave,
  type AutosaveState,
  type SaveFailure,
  type SaveRequest,
} from "../../../../../editors/src/editor/autosave";

const draft = (title: string): DraftFields => ({
  title,
  slug: "a-title",
  categories: [],
  featureImage: "https://example.com/cover.webp",
  content: { blocks: [{ type: "paragraph", data: { text: title } }] },
});

class Refusal extends Error {
  readonly failure: SaveFailure;
  constructor(failure: SaveFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

/** A stand-in for saveArticle that answers only when the test says so. */
function fakeApi() {
  const calls: {
    request: SaveRequest;
    answer(version: number, id?: string): void;
    refuse(failure: SaveFailure): void;
  }[] = [];
  const save = (request: SaveRequest) =>
    new Promise<{ id: string; version: number; blocksLeftOut: [] }>((resolve, reject) => {
      calls.push({
        request,
        answer: (version, id = request.id ?? "new-id") => resolve({ id, version, blocksLeftOut: [] }),
        refuse: (failure) => reject(new Refusal(failure)),
      });
    });
  const describe = (error: unknown): SaveFailure =>
    error instanceof Refusal ? error.failure : { code: "unknown", message: String(error), details: {} };
  return { calls, save, describe };
}

/** Lets the promises of answered calls settle. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function setUp(opened: { id: string | null; version: number }) {
  const api = fakeApi();
  const states: AutosaveState[] = [];
  const autosave = createAutosave({
    ...opened,
    save: api.save,
    describe: api.describe,
    onState: (s) => states.push(s),
  });
  return { api, states, autosave, last: () => states[states.length - 1] };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("autosave", () => {
  it("waits for typing to stop, then saves the last text within 2 s, on the version loaded", async () => {
    expect(AUTOSAVE_IDLE_MS).toBeLessThanOrEqual(1500); // leaves the request time within the 2 s
    const { api, autosave, last } = setUp({ id: "a1", version: 4 });
    for (const title of ["T", "Ti", "Tit", "Titl", "Title"]) {
      autosave.change(draft(title));
      jest.advanceTimersByTime(300); // typing: a key every 300 ms
    }
    expect(api.calls).toHaveLength(0);
    expect(last()).toEqual({ kind: "waiting" });
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS - 300);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.request).toEqual({ id: "a1", baseVersion: 4, ...draft("Title") });
    expect(last()).toEqual({ kind: "saving" });
    api.calls[0]!.answer(5);
    await settle();
    expect(last()).toMatchObject({ kind: "saved", version: 5, blocksLeftOut: [] });
    autosave.change(draft("Title 2"));
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
    expect(api.calls[1]!.request).toMatchObject({ id: "a1", baseVersion: 5, title: "Title 2" });
  });

  it("leaves a new article's id out until the first save names it", async () => {
    const { api, autosave } = setUp({ id: null, version: 0 });
    autosave.change(draft("New"));
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
    expect(api.calls[0]!.request).toEqual({ baseVersion: 0, ...draft("New") });
    expect("id" in api.calls[0]!.request).toBe(false);
    api.calls[0]!.answer(1, "made-here");
    await settle();
    expect(autosave.id).toBe("made-here");
    autosave.change(draft("New 2"));
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
    expect(api.calls[1]!.request).toMatchObject({ id: "made-here", baseVersion: 1 });
  });

  it("sends one save at a time: text typed during a save goes next, on the version that save made", async () => {
    const { api, autosave } = setUp({ id: "a1", version: 1 });
    autosave.change(draft("One"));
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
    autosave.change(draft("Two"));
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS * 3);
    expect(api.calls).toHaveLength(1); // the first is still in flight
    api.calls[0]!.answer(2);
    await settle();
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]!.request).toMatchObject({ baseVersion: 2, title: "Two" });
  });

  it("shows a refusal's reasons and tries again only once the text changes", async () => {
    const { api, autosave, last } = setUp({ id: "a1", version: 1 });
    autosave.change(draft(""));
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
    const reasons = [{ document: "blogMetaData/a1", field: "title", rule: "must be a non-empty string", message: "m" }];
    api.calls[0]!.refuse({
      code: "invalid-argument",
      message: "The build would not publish this article",
      details: { reasons },
    });
    await settle();
    expect(last()).toEqual({ kind: "refused", reasons, message: "The build would not publish this article" });
    jest.advanceTimersByTime(60_000);
    expect(api.calls).toHaveLength(1);
    autosave.change(draft("Fixed"));
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
    expect(api.calls[1]!.request).toMatchObject({ baseVersion: 1, title: "Fixed" });
  });

  describe("a conflict", () => {
    async function conflicted() {
      const setup = setUp({ id: "a1", version: 3 });
      setup.autosave.change(draft("Mine"));
      jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
      setup.api.calls[0]!.refuse({
        code: "failed-precondition",
        message: "This article was saved as version 5 since you loaded it.",
        details: { version: 5 },
      });
      await settle();
      return setup;
    }

    it("stops saving and says which version is newer", async () => {
      const { api, autosave, last } = await conflicted();
      expect(last()).toEqual({
        kind: "conflict",
        latest: 5,
        message: "This article was saved as version 5 since you loaded it.",
      });
      autosave.change(draft("Mine, more"));
      jest.advanceTimersByTime(60_000);
      expect(api.calls).toHaveLength(1);
      expect(last()).toMatchObject({ kind: "conflict" });
    });

    it("saves mine as the newest on top of the other version, with the text typed since", async () => {
      const { api, autosave } = await conflicted();
      autosave.change(draft("Mine, more"));
      autosave.keepMine(5);
      expect(api.calls[1]!.request).toMatchObject({ id: "a1", baseVersion: 5, title: "Mine, more" });
      api.calls[1]!.answer(6);
      await settle();
      expect(autosave.baseVersion).toBe(6);
    });

    it("drops my unsaved text when the newer version is loaded, and goes on from it", async () => {
      const { api, autosave, last } = await conflicted();
      autosave.reload(5);
      expect(last()).toEqual({ kind: "idle" });
      jest.advanceTimersByTime(60_000);
      expect(api.calls).toHaveLength(1);
      autosave.change(draft("On top of 5"));
      jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
      expect(api.calls[1]!.request).toMatchObject({ baseVersion: 5, title: "On top of 5" });
    });
  });

  it("keeps the text after a failure and tries again on its own", async () => {
    const { api, autosave, last } = setUp({ id: "a1", version: 1 });
    autosave.change(draft("Kept"));
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
    api.calls[0]!.refuse({
      code: "unavailable",
      message: "The editors' service cannot be reached just now.",
      details: {},
    });
    await settle();
    expect(last()).toMatchObject({ kind: "failed", message: "The editors' service cannot be reached just now." });
    const { retryInMs } = last() as { retryInMs: number };
    jest.advanceTimersByTime(retryInMs);
    expect(api.calls[1]!.request).toMatchObject({ baseVersion: 1, title: "Kept" });
  });

  it("pauses when the editor is signed out, and resumes after signing in", async () => {
    const { api, autosave, last } = setUp({ id: "a1", version: 1 });
    autosave.change(draft("Kept"));
    jest.advanceTimersByTime(AUTOSAVE_IDLE_MS);
    api.calls[0]!.refuse({ code: "unauthenticated", message: "Sign in again.", details: {} });
    await settle();
    expect(last()).toEqual({ kind: "signed-out", message: "Sign in again." });
    jest.advanceTimersByTime(60_000);
    expect(api.calls).toHaveLength(1);
    autosave.resume();
    expect(api.calls[1]!.request).toMatchObject({ title: "Kept" });
  });

  it("saves at once when asked (before publishing), and says whether everything is saved", async () => {
    const { api, autosave } = setUp({ id: "a1", version: 1 });
    autosave.change(draft("Now"));
    const done = autosave.saveNow();
    expect(api.calls).toHaveLength(1);
    api.calls[0]!.answer(2);
    await expect(done).resolves.toBe(true);
    await expect(autosave.saveNow()).resolves.toBe(true); // nothing left: no call
    expect(api.calls).toHaveLength(1);
    autosave.change(draft(""));
    const refused = autosave.saveNow();
    api.calls[1]!.refuse({ code: "invalid-argument", message: "no", details: { reasons: [] } });
    await expect(refused).resolves.toBe(false);
  });

  it("saves nothing after it is stopped", () => {
    const { api, autosave } = setUp({ id: "a1", version: 1 });
    autosave.change(draft("Gone"));
    autosave.stop();
    jest.advanceTimersByTime(60_000);
    expect(api.calls).toHaveLength(0);
  });
});
