import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { test, expect } from "./fixtures";
import { builtPages } from "../support/built-pages";

// Every page of the build is valid HTML as the W3C Nu Html Checker reads it (vnu-jar, run on Java
// like the Firestore emulator), and clean UTF-8: not one U+0000, whatever React's renderer emitted.

const PUBLIC_DIR = path.resolve(__dirname, "../../public");
const VNU_JAR = require.resolve("vnu-jar/build/dist/vnu.jar");

/** Every HTML page of the build, by its full path. */
const pageFiles = (): string[] => builtPages(PUBLIC_DIR).map((file) => path.join(PUBLIC_DIR, file));

test("every built page is free of NUL characters", () => {
  const pages = pageFiles();
  expect(pages.length).toBeGreaterThan(30);
  const withNul = pages.filter((file) => readFileSync(file).includes(0)).map((file) => path.relative(PUBLIC_DIR, file));
  expect(withNul).toEqual([]);
});

test("the Nu Html Checker finds no error in any built page", async () => {
  test.setTimeout(120_000);
  const pages = pageFiles();
  const run = promisify(execFile);
  // vnu exits non-zero when it reports an error; its report (JSON) is what the test reads.
  const report = await run("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...pages], {
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (result) => result.stderr,
    (failed: { stderr?: string }) => failed.stderr ?? "",
  );
  const { messages } = JSON.parse(report) as {
    messages: { type: string; url: string; message: string; lastLine?: number }[];
  };
  const errors = messages.filter((message) => message.type === "error" || message.type === "non-document-error");
  expect(
    errors.map(
      (error) => `${path.relative(PUBLIC_DIR, new URL(error.url).pathname)}:${error.lastLine ?? ""} ${error.message}`,
    ),
  ).toEqual([]);
});
