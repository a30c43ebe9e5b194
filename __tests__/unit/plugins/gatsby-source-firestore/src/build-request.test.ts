/** @jest-environment node */
import {
  forgetBuildRequest,
  parseBuildRequest,
  takeBuildRequest,
} from "../../../../../plugins/gatsby-source-firestore/src/build-request";

describe("the build's request", () => {
  afterEach(forgetBuildRequest);

  it("names the changed documents once each, ignoring empty entries and anything with a slash", () => {
    expect(parseBuildRequest({ CHANGED_DOCUMENT_IDS: " a1, ,b2,a1,blog/x,c3 " })).toEqual({
      changedIds: ["a1", "b2", "c3"],
      fullRead: false,
    });
    expect(parseBuildRequest({})).toEqual({ changedIds: [], fullRead: false });
    expect(parseBuildRequest({ FIRESTORE_FULL_READ: "true" }).fullRead).toBe(true);
    expect(parseBuildRequest({ FIRESTORE_FULL_READ: "1" }).fullRead).toBe(false);
  });

  it("is taken out of the environment before webpack can see it, and stays what it was for the rest of the build", () => {
    const env: NodeJS.ProcessEnv = { CHANGED_DOCUMENT_IDS: "a1,b2", FIRESTORE_FULL_READ: "true", OTHER: "kept" };
    expect(takeBuildRequest(env)).toEqual({ changedIds: ["a1", "b2"], fullRead: true });
    expect(env).toEqual({ OTHER: "kept" });
    expect(takeBuildRequest(env)).toEqual({ changedIds: ["a1", "b2"], fullRead: true });
  });
});
