/** @jest-environment node */
import { spawn } from "node:child_process";
import path from "node:path";

// printJsonLine against a real pipe: the rebuild service reads the fast lane's report, one line of
// JSON that names every file it wrote (thousands after a title edit), from the command's standard
// output, and the command exits straight after writing it.

const CLI = path.resolve(__dirname, "../../../../scripts/lib/cli.ts");

/** Runs a child that prints one report of `files` file names and exits at once; answers its output. */
function printed(files: number): Promise<{ code: number | null; stdout: string }> {
  const script = [
    `import { printJsonLine } from ${JSON.stringify(CLI)};`,
    // As in the lane's command, where Gatsby's reporter writes to it: opened as a stream, the pipe
    // is made non-blocking.
    'process.stdout.write("");',
    'process.stdout.write("\\n");',
    `printJsonLine({ rendered: true, files: Array.from({ length: ${files} }, (_, i) => "page-data/blogarticle/generated-" + i + "-é/page-data.json") });`,
    "process.exit(0);",
  ].join("\n");
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const chunks: Buffer[] = [];
  // A reader slower than the writer, as the service is while it logs each chunk.
  child.stdout.pause();
  const resume = setTimeout(() => child.stdout.resume(), 300);
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(resume);
      resolve({ code, stdout: Buffer.concat(chunks).toString("utf8") });
    }),
  );
}

test("printJsonLine writes a report of 40,000 files whole to a slow pipe before the process exits", async () => {
  const { code, stdout } = await printed(40_000);
  expect(code).toBe(0);
  expect(stdout.endsWith("\n")).toBe(true);
  const report = JSON.parse(stdout.trim()) as { files: string[] };
  expect(report.files).toHaveLength(40_000);
  expect(report.files[39_999]).toBe("page-data/blogarticle/generated-39999-é/page-data.json");
}, 30_000);
