/** @jest-environment node */
import { normalizeBlogPost } from "../../../../../plugins/gatsby-source-firestore/src/normalize";
import { readLocalContent } from "../../../../../plugins/gatsby-source-firestore/src/read-local";
import type { Normalized, RawDocument } from "../../../../../plugins/gatsby-source-firestore/src/types";

// types.ts holds types only. What can break is the contract between the readers that make a
// RawDocument and normalize, which answers with a Normalized: TypeScript checks the shapes here, and
// the assertions check that each kind of answer carries what its type promises.

describe("the plugin's types", () => {
  const context = { resolveImage: () => "no covers in this test" };

  it("a RawDocument is what the readers give: an id and data not yet checked", () => {
    const documents: RawDocument[] = readLocalContent("/nowhere");
    const document: RawDocument = { id: "doc", data: { anything: true } };
    expect(documents).toEqual([]);
    expect(Object.keys(document)).toEqual(["id", "data"]);
    // @ts-expect-error a document without its id is not a RawDocument
    const anonymous: RawDocument = { data: {} };
    expect(anonymous).not.toHaveProperty("id");
  });

  it("a Normalized is a post with its warnings, a refusal with its problem, or a silent leave-out", () => {
    const answers: Normalized[] = [
      normalizeBlogPost({ id: "bad", data: null }, context),
      normalizeBlogPost({ id: "draft", data: { published: false } }, context),
    ];
    const kinds = answers.map((answer) => (answer.ok ? "post" : answer.problem === null ? "left out" : "refused"));
    expect(kinds).toEqual(["refused", "left out"]);
    const refused = answers[0]!;
    if (refused.ok || refused.problem === null) throw new Error("expected a refusal");
    expect(refused.problem).toMatchObject({ id: "bad", field: "(document)" });
    // @ts-expect-error a kept post always comes with its warnings
    const bare: Normalized = { ok: true, post: {} as never };
    expect(bare.ok).toBe(true);
  });
});
