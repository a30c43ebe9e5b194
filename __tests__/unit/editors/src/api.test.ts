import { FirebaseError } from "firebase/app";
import { FunctionsError } from "firebase/functions";
import { ARTICLE_STATES, errorInWords, stateOf } from "../../../../editors/src/api";

// FunctionsError's constructor is not public API; the SDK builds one from each refusal it receives, as
// here: the code, the server's message followed by the HTTP status in brackets, and the details.
type Code = ConstructorParameters<typeof FunctionsError>[0];
const refusal = (code: Code, message: string, details?: unknown): FunctionsError =>
  new FunctionsError(code, message, details);

describe("errorInWords", () => {
  it("keeps the server's own sentence, without the HTTP status the SDK appends, and the code without its prefix", () => {
    const words = errorInWords(
      refusal(
        "failed-precondition",
        "This article was saved as version 4 since you loaded it. Load the newer version, or save yours as the newest. [400]",
        { version: 4 },
      ),
    );
    expect(words).toEqual({
      code: "failed-precondition",
      message:
        "This article was saved as version 4 since you loaded it. Load the newer version, or save yours as the newest.",
      details: { version: 4 },
    });
  });

  it("passes the reasons, the newest version and the wait through, and nothing else of the details", () => {
    const reasons = [
      {
        document: "blogMetaData/a1",
        field: "title",
        rule: "must be a non-empty string",
        message: 'blogMetaData/a1: field "title" must be a non-empty string',
      },
    ];
    expect(
      errorInWords(
        refusal(
          "invalid-argument",
          "The build would not publish this article: title must be a non-empty string [400]",
          {
            reasons,
            secret: "x",
          },
        ),
      ).details,
    ).toEqual({ reasons });
    expect(
      errorInWords(
        refusal("resource-exhausted", "You asked for 5 rebuilds in the last 10 minutes; try again in 42 s. [429]", {
          retryAfterSeconds: 42,
        }),
      ),
    ).toEqual({
      code: "resource-exhausted",
      message: "You asked for 5 rebuilds in the last 10 minutes; try again in 42 s.",
      details: { retryAfterSeconds: 42 },
    });
    // Details of the wrong type are dropped rather than passed on as if they were right.
    expect(errorInWords(refusal("failed-precondition", "x [400]", { version: "4", reasons: "no" })).details).toEqual(
      {},
    );
  });

  it.each<[Code, string, RegExp]>([
    ["internal", "INTERNAL [500]", /went wrong on the server; nothing was changed\. Try again\./],
    ["internal", "internal", /went wrong on the server/],
    ["unauthenticated", "Unauthenticated [401]", /Sign in again\./],
    ["unavailable", "unavailable", /cannot be reached just now/],
    ["deadline-exceeded", "deadline-exceeded", /took too long to answer/],
    ["invalid-argument", "Bad Request [400]", /Reload the page/],
    ["internal", "Unknown backend error status: TEAPOT [418]", /went wrong on the server/],
    ["not-found", "Backend error status: NOT_FOUND [404]", /no longer exists/],
  ])("words a %s refusal whose message is only a code or a status (%s)", (code, message, words) => {
    const answer = errorInWords(refusal(code, message));
    expect(answer.code).toBe(code);
    expect(answer.message).toMatch(words);
    expect(answer.message).not.toMatch(/\[\d{3}\]|INTERNAL|Backend error/);
  });

  it("words every code the SDK can raise: a sentence, never the code alone", () => {
    const codes: Code[] = [
      "ok",
      "cancelled",
      "unknown",
      "invalid-argument",
      "deadline-exceeded",
      "not-found",
      "already-exists",
      "permission-denied",
      "resource-exhausted",
      "failed-precondition",
      "aborted",
      "out-of-range",
      "unimplemented",
      "internal",
      "unavailable",
      "data-loss",
      "unauthenticated",
    ];
    for (const code of codes) {
      const { message } = errorInWords(refusal(code, code));
      expect(message).toMatch(/^[A-Z].{20,}\.$/);
      // A code may be a plain word ("cancelled"); a hyphenated one is a code, not words.
      if (code.includes("-")) expect(message).not.toContain(code);
    }
  });

  it("words sign-in and Firestore errors, and errors that are not Firebase's at all", () => {
    expect(
      errorInWords(new FirebaseError("auth/invalid-credential", "Firebase: Error (auth/invalid-credential).")),
    ).toEqual({ code: "auth/invalid-credential", message: "Wrong email or password.", details: {} });
    expect(errorInWords(new FirebaseError("auth/popup-closed-by-user", "Firebase: …")).message).toMatch(
      /closed before signing in/,
    );
    expect(
      errorInWords(new FirebaseError("permission-denied", "Missing or insufficient permissions.")).message,
    ).toMatch(/not allowed to read/);
    expect(errorInWords(new TypeError("Failed to fetch"))).toEqual({
      code: "unknown",
      message: "Something went wrong: Failed to fetch.",
      details: {},
    });
    expect(errorInWords("boom").message).toBe("Something went wrong: boom.");
  });
});

describe("stateOf", () => {
  it("lists the seven states an editor sees", () => {
    expect(ARTICLE_STATES).toEqual(["draft", "scheduled", "queued", "building", "live", "not-published", "failed"]);
  });

  it("is the state articleStatus says, whenever it says one", () => {
    for (const state of ["scheduled", "queued", "building", "live", "not-published", "failed"] as const)
      expect(stateOf({ published: false }, { state })).toBe(state);
    expect(stateOf({ published: true }, { state: "failed" })).toBe("failed");
  });

  it("is draft for an article never published that has no status", () => {
    expect(stateOf({ published: false }, null)).toBe("draft");
    expect(stateOf({ published: false }, undefined)).toBe("draft");
    expect(stateOf({}, {})).toBe("draft");
    expect(stateOf(null, null)).toBe("draft");
  });

  it("reads the documents when there is no status: live, scheduled, or taken down", () => {
    // The sample articles, published before any build wrote a state.
    expect(stateOf({ published: true }, null)).toBe("live");
    expect(stateOf({ published: false, publishAt: { seconds: 1 } }, null)).toBe("scheduled");
    expect(stateOf({ published: false, publishAt: null }, null)).toBe("draft");
    expect(stateOf({ published: false, publishedVersion: 2 }, null)).toBe("not-published");
    // A state this console does not know is no state.
    expect(stateOf({ published: true }, { state: "archived" })).toBe("live");
  });
});
