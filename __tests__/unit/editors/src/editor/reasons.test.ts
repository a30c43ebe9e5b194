import type { DraftReason } from "@kindred/article";
import { FIELD_LABELS, blocksLeftOutByIndex, reasonsByField } from "../../../../../editors/src/editor/reasons";

const reason = (field: string, rule: string): DraftReason => ({
  document: "blogMetaData/a1",
  field,
  rule,
  message: `blogMetaData/a1: field "${field}" ${rule}`,
});

describe("reasonsByField", () => {
  it("puts each refusal beside the field it names, in words, under the field's own label", () => {
    const shown = reasonsByField([
      reason("title", "must be a non-empty string"),
      reason("slug", 'must match ^[a-z0-9]+(-[a-z0-9]+)*$ (got "Bad Slug")'),
      reason("slug", "is 120 characters long; at most 100 are published"),
      reason("featureImage", "must be a non-empty string"),
      reason("categories", "must be a list of non-empty strings"),
    ]);
    expect(shown.byField).toEqual({
      title: ["Title must be a non-empty string."],
      slug: [
        'Slug must match ^[a-z0-9]+(-[a-z0-9]+)*$ (got "Bad Slug").',
        "Slug is 120 characters long; at most 100 are published.",
      ],
      featureImage: ["Cover image URL must be a non-empty string."],
      categories: ["Categories must be a list of non-empty strings."],
    });
    expect(shown.other).toEqual([]);
  });

  it("sends the body's reasons to the body and a field it does not show to the list of other reasons", () => {
    const shown = reasonsByField([
      reason("content", "is not Editor.js output ({time, blocks, version})"),
      reason("lastUpdate", "must be a timestamp"),
    ]);
    expect(shown.byField).toEqual({ content: ["Article body is not Editor.js output ({time, blocks, version})."] });
    expect(shown.other).toEqual(['blogMetaData/a1: field "lastUpdate" must be a timestamp']);
  });

  it("labels the fields exactly as the console shows them", () => {
    expect(FIELD_LABELS).toEqual({
      title: "Title",
      slug: "Slug",
      categories: "Categories",
      featureImage: "Cover image URL",
      content: "Article body",
    });
  });
});

describe("blocksLeftOutByIndex", () => {
  it("groups what the build leaves out by the block's index in the body", () => {
    const marks = blocksLeftOutByIndex([
      { document: "blogMetaData/a1", block: 2, type: "unknownTool", reason: "unknown block type; left out" },
      { document: "blogMetaData/a1", block: 2, type: "unknownTool", reason: "second" },
      { document: "blogMetaData/a1", block: 5, type: "table", reason: "cut to 200 rows" },
    ]);
    expect([...marks]).toEqual([
      [2, ["unknown block type; left out", "second"]],
      [5, ["cut to 200 rows"]],
    ]);
  });
});
