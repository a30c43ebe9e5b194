// Starts and stops a real Cloud Firestore emulator for tests and local work.
// The launcher is FIRESTORE_EMULATOR_BIN, by default the Google Cloud SDK's; it needs Java 17+.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_EMULATOR_BIN =
  "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator";

/** Fails with a message that says what to install when the emulator or Java is missing. */
export function emulatorBinary() {
  const bin = process.env.FIRESTORE_EMULATOR_BIN || DEFAULT_EMULATOR_BIN;
  if (!existsSync(bin)) {
    throw new Error(
      `The Cloud Firestore emulator was not found at ${bin}. Install it with the Google Cloud CLI ` +
        '("gcloud components install cloud-firestore-emulator", or Debian\'s google-cloud-cli-firestore-emulator) ' +
        "or the Firebase CLI, and point FIRESTORE_EMULATOR_BIN at its launcher.",
    );
  }
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error || java.status !== 0) {
    throw new Error('The Cloud Firestore emulator needs Java 17 or newer, and "java" is not on the PATH.');
  }
  return bin;
}

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function isReady(host) {
  try {
    const response = await fetch(`http://${host}/`);
    return response.ok && (await response.text()).trim() === "Ok";
  } catch {
    return false;
  }
}

/**
 * Starts the emulator in its own process group with the project's security rules.
 * Resolves with { host, pid, stop } once it answers "Ok"; rejects after `timeoutMs`.
 */
export async function startEmulator({ port, rules = path.join(root, "firestore.rules"), timeoutMs = 60_000 } = {}) {
  const bin = emulatorBinary();
  const chosenPort = port ?? (await freePort());
  const host = `127.0.0.1:${chosenPort}`;
  const child = spawn(bin, ["start", "--host=127.0.0.1", `--port=${chosenPort}`, `--rules=${rules}`], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const stop = () => stopEmulator(child.pid);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The Firestore emulator exited with code ${child.exitCode}:\n${stderr}`);
    }
    if (await isReady(host)) {
      child.stderr.destroy();
      child.unref();
      return { host, pid: child.pid, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`The Firestore emulator did not answer on ${host} within ${timeoutMs / 1000} s:\n${stderr}`);
}

/** Stops the whole process group: killing the wrapper alone leaves Java running. */
export function stopEmulator(pid) {
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

/** Deletes every document of a project in the emulator. */
export async function wipeEmulator(host, projectId) {
  const response = await fetch(
    `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { method: "DELETE" },
  );
  if (!response.ok) throw new Error(`Wiping the emulator failed: HTTP ${response.status}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const port = Number(process.env.FIRESTORE_PORT ?? 8080);
  startEmulator({ port })
    .then(async ({ host, pid }) => {
      const { seed } = await import("./seed.mjs");
      const projectId = process.env.GATSBY_FIREBASE_PROJECT_ID || "demo-kindred";
      const count = await seed({
        emulator: host,
        project: projectId,
        imageBase: process.env.SEED_IMAGE_BASE || "http://127.0.0.1:9000/blog-images/",
        contentDir: path.join(root, "content", "blog"),
      });
      console.log(`Firestore emulator running at ${host} (process group ${pid}), seeded with ${count} articles.`);
      console.log("Build and serve the site against it with:");
      console.log(`  GATSBY_FIREBASE_PROJECT_ID=${projectId} GATSBY_FIRESTORE_EMULATOR_HOST=${host} npm start`);
      console.log("Ctrl+C stops the emulator.");
      const shutdown = () => {
        stopEmulator(pid);
        process.exit(0);
      };
      process.on("SIGINT", shutdown);
      process.on("SIGTERM", shutdown);
      setInterval(() => undefined, 1 << 30);
    })
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
