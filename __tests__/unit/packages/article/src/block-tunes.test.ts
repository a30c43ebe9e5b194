import { safeTunes } from "../../../../../packages/article/src/block-tunes";
import { safeBlocks } from "../../../../../packages/article/src/block-sanitizer";

describe("safeTunes", () => {
  it("reads the text variant and the alignment the tunes saved", () => {
    expect(safeTunes({ textVariant: "call-out", alignment: { alignment: "center" } }, {})).toEqual({
      variant: "call-out",
      alignment: "center",
    });
    expect(safeTunes({ textVariant: "details" }, {})).toEqual({ variant: "details" });
    expect(safeTunes({ alignmentTune: { alignment: "right" } }, {})).toEqual({ alignment: "right" });
  });

  it("reads each tune under the name the site gave it", () => {
    expect(
      safeTunes({ look: "citation", align: { alignment: "right" } }, { look: "textVariant", align: "alignment" }),
    ).toEqual({ variant: "citation", alignment: "right" });
    expect(safeTunes({ look: "citation" }, {})).toBeUndefined();
  });

  it("keeps nothing for left, the way every block starts, or for no variant", () => {
    expect(safeTunes({ textVariant: "", alignment: { alignment: "left" } }, {})).toBeUndefined();
  });

  it.each([
    ["a variant no tune saves", { textVariant: "<script>" }],
    ["an alignment no tune saves", { alignment: { alignment: "justify;color:red" } }],
    ["an alignment that is not an object", { alignment: "center" }],
    ["an alignment in a list", { alignment: ["center"] }],
    ["an unknown tune", { anchor: { id: "a" } }],
  ])("ignores %s", (_case, tunes) => {
    expect(safeTunes(tunes, {})).toBeUndefined();
  });

  it.each([
    ["a string", "call-out"],
    ["a list", [{ textVariant: "citation" }]],
    ["nothing", null],
    ["no tunes", undefined],
  ])("reads no tunes from %s", (_case, tunes) => {
    expect(safeTunes(tunes, {})).toBeUndefined();
  });

  it("gives the sanitized block its tunes, and none when nothing shows", () => {
    const [tuned, plain] = safeBlocks(
      [
        { type: "paragraph", data: { text: "a" }, tunes: { textVariant: "citation" } },
        { type: "paragraph", data: { text: "b" }, tunes: { textVariant: "" } },
      ],
      undefined,
      { toolNames: {}, imagePolicy: { hosts: [], allowInsecure: false } },
    );
    expect(tuned).toEqual({ type: "paragraph", html: "a", tunes: { variant: "citation" } });
    expect(plain).toEqual({ type: "paragraph", html: "b" });
  });
});
