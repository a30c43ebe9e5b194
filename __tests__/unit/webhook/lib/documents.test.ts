/** @jest-environment node */
import {
  documentIds,
  MAX_DOCUMENTS_PER_REQUEST,
  MAX_NAMED_DOCUMENTS,
  sourcingRequest,
} from "../../../../webhook/lib/documents.ts";

describe("the documents a rebuild request names", () => {
  it("are Firestore document ids, once each; absent means none", () => {
    expect(documentIds(undefined)).toEqual([]);
    expect(documentIds(["aB3xYz09", "other_id-2", "aB3xYz09"])).toEqual(["aB3xYz09", "other_id-2"]);
    expect(documentIds(Array.from({ length: MAX_DOCUMENTS_PER_REQUEST }, (_, i) => `d${i}`))).toHaveLength(
      MAX_DOCUMENTS_PER_REQUEST,
    );
  });

  it.each([
    ["not a list", "abc"],
    ["a number", [1]],
    ["an empty id", [""]],
    ["a path", ["blog/abc"]],
    ["a dot segment", [".."]],
    ["a comma, which would split the id", ["a,b"]],
    ["a control character", ["a\nb"]],
    ["an id over 1,500 characters", ["x".repeat(1501)]],
    ["too many ids", Array.from({ length: MAX_DOCUMENTS_PER_REQUEST + 1 }, (_, i) => `d${i}`)],
  ])("refuses %s", (_, value) => {
    expect(documentIds(value)).toBeNull();
  });

  it("reach the build as CHANGED_DOCUMENT_IDS, or as a full read when there are too many to read one by one", () => {
    expect(sourcingRequest([])).toEqual({});
    expect(sourcingRequest(["a", "b"])).toEqual({ CHANGED_DOCUMENT_IDS: "a,b" });
    const many = Array.from({ length: MAX_NAMED_DOCUMENTS + 1 }, (_, i) => `d${i}`);
    const output = jest.fn();
    expect(sourcingRequest(many, output)).toEqual({ FIRESTORE_FULL_READ: "true" });
    expect(output).toHaveBeenCalledWith(expect.stringContaining("reads every published document"));
  });
});
