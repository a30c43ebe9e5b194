// `node scripts/fast-lane-check.ts --site <dir> [--document <id>]`
// The fast lane's promise, checked on a scratch site with a completed `gatsby build` of the sample
// content: edits one sample article's body (its first paragraph, so its description, and a paragraph
// added at the end), renders its page and page
// data with scripts/fast-lane-article.ts into a folder of their own, runs the full `gatsby build`
// again, and compares the two byte for byte. Prints the time of each step and, for a file that
// differs, where and how. Exits 1 when a file differs. Changes the site's content/blog: use a copy.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fail, parseCommandLine, runMain } from "./lib/cli.ts";

const COMMAND = {
  usage: "node scripts/fast-lane-check.ts --site <dir> [--document <id>]",
  summary:
    "Edits a sample article's body in a built scratch site, renders its page and page data with the fast\n" +
    "lane, builds the site again and compares the files byte for byte.",
  options: {
    site: { type: "string", value: "dir", description: "A scratch copy of the project, built once." },
    document: { type: "string", value: "id", description: "The sample article to edit (default: the first file's)." },
    text: { type: "string", value: "text", description: "The paragraph added to the body." },
  },
} as const;

/** A command's output and exit status, and how long it ran. */
interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) =>
      resolve({ code: code ?? 1, stdout, stderr, ms: Math.round(performance.now() - started) }),
    );
  });
}

/** Where two texts first differ, with some of each around it; undefined when they are equal. */
export function firstDifference(a: Buffer, b: Buffer, around = 120): string | undefined {
  if (a.equals(b)) return undefined;
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at += 1;
  const show = (buffer: Buffer): string =>
    JSON.stringify(buffer.subarray(Math.max(0, at - around), at + around).toString("utf8"));
  return `${a.length} vs ${b.length} bytes, first difference at byte ${at}:\n  fast lane: ${show(a)}\n  build:     ${show(b)}`;
}

/**
 * Edits a sample article's body: `text` before its first paragraph's and as a paragraph at the end.
 * Returns the document's id.
 */
export async function editBody(contentDir: string, id: string | undefined, text: string): Promise<string> {
  for (const name of (await readdir(contentDir)).filter((entry) => entry.endsWith(".json")).sort()) {
    const file = path.join(contentDir, name);
    const data = JSON.parse(await readFile(file, "utf8")) as {
      id?: string;
      published?: boolean;
      content: { blocks: unknown[] };
    };
    if ((id === undefined && data.published === true) || data.id === id) {
      // The first paragraph is the page's description too (meta tags, structured data).
      const first = (data.content.blocks as { type?: string; data?: { text?: string } }[]).find(
        (block) => block.type === "paragraph" && typeof block.data?.text === "string",
      );
      if (first?.data) first.data.text = `${text} ${first.data.text}`;
      data.content.blocks.push({ id: "fastLane01", type: "paragraph", data: { text } });
      await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
      return data.id ?? name.replace(/\.json$/, "");
    }
  }
  throw new Error(`no sample article ${id ?? "published"} in ${contentDir}`);
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  if (!values.site) fail("--site is required", 2);
  const site = path.resolve(values.site);
  const out = await mkdtemp(path.join(tmpdir(), "fast-lane-out-"));
  const id = await editBody(
    path.join(site, "content", "blog"),
    values.document,
    values.text ?? `Edited ${new Date().toISOString()}: “quotes”, é, 日本語 and 💘, &amp; <i>markup</i>.`,
  );
  const lane = await run(
    process.execPath,
    [path.join(import.meta.dirname, "fast-lane-article.ts"), "--site", site, "--out", out, "--document", id],
    site,
  );
  if (lane.code !== 0) fail(`the fast lane failed (${lane.code}): ${lane.stdout}${lane.stderr}`);
  const report = JSON.parse(lane.stdout) as { files: string[]; timings: Record<string, number> };
  console.log(`fast lane: ${lane.ms} ms in all; steps ${JSON.stringify(report.timings)}`);
  const build = await run(path.join(site, "node_modules", ".bin", "gatsby"), ["build"], site, {
    ...process.env,
    GATSBY_TELEMETRY_DISABLED: "1",
    CI: "true",
  });
  if (build.code !== 0) fail(`gatsby build failed:\n${build.stdout}${build.stderr}`);
  console.log(`gatsby build: ${build.ms} ms`);
  let differing = 0;
  for (const file of report.files) {
    const difference = firstDifference(
      await readFile(path.join(out, file)),
      await readFile(path.join(site, "public", file)),
    );
    console.log(`${file}: ${difference === undefined ? "identical" : `differs, ${difference}`}`);
    if (difference !== undefined) differing += 1;
  }
  console.log(`fast-lane files in ${out}`);
  if (differing > 0) process.exit(1);
}

if (import.meta.main) runMain(main);
