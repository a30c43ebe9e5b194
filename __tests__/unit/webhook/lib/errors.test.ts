/** @jest-environment node */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { HttpError, PhaseError } from "../../../../webhook/lib/errors.ts";

// The two failures the service words itself: http.ts answers an HttpError with its status, and
// pipeline.ts ends a build in a PhaseError's phase. Both are found with instanceof, so they must stay
// Errors of their own class wherever they are imported from.

describe("HttpError", () => {
  it("is an Error carrying the message and the status to answer with", () => {
    const error = new HttpError("No kept release x.", 404);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("No kept release x.");
    expect(error.statusCode).toBe(404);
    expect(error.stack).toContain("errors.test.ts");
  });

  it("is the class build-queue.ts re-exports, which http.ts checks against", () => {
    // In Node itself: Jest's Babel cannot compile build-queue.ts's private methods.
    const url = (module: string) => pathToFileURL(path.join(__dirname, "../../../../webhook/lib", module)).href;
    const script = `
      const queue = await import(${JSON.stringify(url("build-queue.ts"))});
      const errors = await import(${JSON.stringify(url("errors.ts"))});
      const thrown = new queue.HttpError("The service is stopping.", 503);
      console.log(JSON.stringify([queue.HttpError === errors.HttpError, thrown instanceof errors.HttpError, thrown.statusCode]));`;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(output)).toEqual([true, true, 503]);
  });

  it("is told apart from a PhaseError and from a plain Error", () => {
    expect(new PhaseError("x", "deploy")).not.toBeInstanceOf(HttpError);
    expect(new Error("x")).not.toBeInstanceOf(HttpError);
  });
});

describe("PhaseError", () => {
  it("is an Error carrying the message and the phase the build failed in", () => {
    const error = new PhaseError("The deploy command failed; the previous release stays published.", "deploy");
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("The deploy command failed; the previous release stays published.");
    expect(error.phase).toBe("deploy");
    expect(new HttpError("x", 500)).not.toBeInstanceOf(PhaseError);
  });
});
