// The preflight that `npm start` runs first (scripts/check-node.cjs): on a Node older than 24 it must
// say, in one sentence, what the project needs and where the README explains it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nodeVersionProblem } = require("../../../scripts/check-node.cjs") as {
  nodeVersionProblem: (version: string) => string | null;
};

describe("check-node", () => {
  it("names Node.js 24 and the README's Prerequisites section on Node 20", () => {
    const problem = nodeVersionProblem("v20.20.2");
    expect(problem).toContain("needs Node.js 24");
    expect(problem).toContain("v20.20.2");
    expect(problem).toContain('"Prerequisites" in README.md');
  });

  it("lets Node 24 and later through", () => {
    expect(nodeVersionProblem("v24.0.0")).toBeNull();
    expect(nodeVersionProblem("v25.2.1")).toBeNull();
  });
});
