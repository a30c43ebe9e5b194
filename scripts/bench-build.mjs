// `npm run bench:build -- [--count 1000]`: gatsby build times, cold and warm, with peak memory, for
// the sample content and for N generated articles sourced from a Firestore emulator. Each build runs
// in a scratch copy of the project under /usr/bin/time (peak = largest process's resident memory).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readFile } from "node:fs/promises";
import { startEmulator } from "./emulator.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const countIndex = process.argv.indexOf("--count");
const count = countIndex >= 0 ? Number(process.argv[countIndex + 1]) : 1000;

function scratchProject() {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-build-"));
  for (const entry of ["package.json", "gatsby-config.ts", "gatsby-node.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx", "tsconfig.json", "src", "plugins", "static", "content"]) {
    if (existsSync(path.join(root, entry))) cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

// Asynchronous on purpose: the image server below lives in this process and must keep answering.
function timedBuild(dir, env) {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "%e %M", path.join(root, "node_modules/.bin/gatsby"), "build"], {
      cwd: dir,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "true", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout = (stdout + chunk).slice(-4000)));
    child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on("exit", (code) => {
      const last = stderr.trim().split("\n").at(-1) ?? "";
      const [seconds, kb] = last.split(" ").map(Number);
      if (code !== 0) reject(new Error(`gatsby build failed:\n${stdout}\n${stderr}`));
      else resolve(`${seconds.toFixed(1)} s, peak ${(kb / 1024).toFixed(0)} MB`);
    });
  });
}

async function measure(label, env) {
  const dir = scratchProject();
  try {
    const cold = await timedBuild(dir, env);
    const warm = await timedBuild(dir, env);
    console.log(`${label}: cold ${cold}; warm ${warm}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!process.argv.includes("--skip-sample")) await measure("sample content (24 articles)", { GATSBY_FIREBASE_PROJECT_ID: "" });

const images = http.createServer(async (request, response) => {
  try {
    const body = await readFile(path.join(root, "content/blog/images", path.basename(request.url ?? "")));
    response.writeHead(200, { "content-type": "image/webp" }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => images.listen(0, "127.0.0.1", resolve));
const emulator = await startEmulator();
try {
  const imageBase = `http://127.0.0.1:${images.address().port}/`;
  const generate = spawnSync(process.execPath, [path.join(root, "scripts/generate-articles.mjs"), "--emulator", emulator.host, "--project", "bench", "--count", String(count), "--image-base", imageBase], { encoding: "utf8" });
  if (generate.status !== 0) throw new Error(generate.stderr);
  await measure(`${count} generated articles from the emulator`, { GATSBY_FIREBASE_PROJECT_ID: "bench", GATSBY_FIRESTORE_EMULATOR_HOST: emulator.host });
} finally {
  emulator.stop();
  images.close();
}
