// `npm run images:fill -- [--content DIR] [--shard i/n] [--concurrency N] [--revalidate] [--json]`
// Encodes into the image store (IMAGE_STORE_DIR, default .image-store/) every published article's
// cover it lacks, with a pool of tasks over all cores, printing progress. Shards split the covers by
// a digest of their URL, so n machines with one store mounted (Cloud Run Jobs tasks with the bucket
// mounted) fill it together without overlap; CLOUD_RUN_TASK_INDEX/COUNT give the shard when set.
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import sharp from "sharp";
import { fail, integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { coverJobs, type CoverJob } from "./lib/cover-sources.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { encoderCalls } from "../src/node/image-store/encode.ts";
import { CoverError, fillCover } from "../src/node/image-store/fill.ts";
import { inPool } from "../src/node/image-store/pool.ts";
import { SITE_RECIPES } from "../src/node/image-store/recipes.ts";
import { imageStoreDir } from "../src/node/image-store/store.ts";

const command = {
  usage: "npm run images:fill -- [options]",
  summary: "Encodes into the image store every published article's cover it lacks.",
  options: {
    content: {
      type: "string",
      value: "dir",
      description: "sample articles to read instead of content/blog (when no Firebase project is configured)",
    },
    shard: {
      type: "string",
      value: "i/n",
      description: "fill only the i-th of n parts (0-based); defaults to CLOUD_RUN_TASK_INDEX/CLOUD_RUN_TASK_COUNT",
    },
    concurrency: { type: "string", value: "n", description: "covers encoded at once (default: one per core)" },
    revalidate: {
      type: "boolean",
      default: false,
      description: "ask every URL again (conditionally) for a picture replaced in place",
    },
    json: {
      type: "boolean",
      default: false,
      description: "end with one line of JSON: covers, encodings, failures, seconds, rate",
    },
  },
} as const;

/** Parses "i/n" (0 ≤ i < n). */
export function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count) fail(`--shard must be i/n with 0 <= i < n, not "${text}".`, 2);
  return { index, count };
}

/** Whether a cover belongs to a shard: by a digest of its URL or path, the same on every machine. */
export function inShard(job: CoverJob, shard: { index: number; count: number }): boolean {
  const id = job.source.kind === "url" ? job.source.url : job.source.path;
  return Number.parseInt(createHash("sha256").update(id).digest("hex").slice(0, 8), 16) % shard.count === shard.index;
}

const clock = (seconds: number): string =>
  Number.isFinite(seconds) ? `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s` : "?";

async function main(): Promise<void> {
  const { values } = parseCommandLine(command);
  const env = process.env;
  const shardText =
    values.shard ??
    (env.CLOUD_RUN_TASK_COUNT ? `${env.CLOUD_RUN_TASK_INDEX ?? "0"}/${env.CLOUD_RUN_TASK_COUNT}` : "0/1");
  const shard = parseShard(shardText);
  const cores = availableParallelism();
  const concurrency = values.concurrency ? integerOption(values.concurrency, "concurrency") : cores;
  // One libvips thread per task: the pool, not each image, spreads the work over the cores.
  sharp.concurrency(1);
  const store = imageStoreDir(PROJECT_ROOT);
  const jobs = (await coverJobs(PROJECT_ROOT, values.content, (message) => console.warn(`warn ${message}`))).filter(
    (job) => inShard(job, shard),
  );
  console.log(
    `[images:fill] ${jobs.length} covers in shard ${shard.index}/${shard.count}, ${concurrency} at once, store ${store}`,
  );
  const started = Date.now();
  let done = 0;
  let failed = 0;
  const progress = (): void => {
    const seconds = (Date.now() - started) / 1000;
    const rate = done / Math.max(seconds, 0.001);
    console.log(
      `[images:fill] ${done}/${jobs.length} done, ${rate.toFixed(2)} covers/s, ${clock((jobs.length - done) / rate)} left`,
    );
  };
  const ticker = setInterval(progress, 2000);
  ticker.unref();
  await inPool(
    jobs,
    concurrency,
    async (job) => {
      try {
        await fillCover(store, job.source, SITE_RECIPES, { revalidate: values.revalidate });
      } catch (error) {
        if (!(error instanceof CoverError)) throw error;
        failed += 1;
        console.warn(
          `warn blogMetaData/${job.documentId}: field "featureImage" ${error.message} (${job.source.kind === "url" ? job.source.url : job.source.path})`,
        );
      }
    },
    () => (done += 1),
  );
  clearInterval(ticker);
  progress();
  const seconds = (Date.now() - started) / 1000;
  const summary = {
    covers: jobs.length,
    encodings: encoderCalls(),
    failed,
    seconds: Number(seconds.toFixed(2)),
    coversPerSecondPerCore: Number((jobs.length / Math.max(seconds, 0.001) / cores).toFixed(3)),
    cores,
  };
  console.log(
    `[images:fill] ${summary.covers} covers, ${summary.encodings} encodings, ${failed} failed in ${summary.seconds} s (${summary.coversPerSecondPerCore} covers/s/core)`,
  );
  if (values.json) console.log(JSON.stringify(summary));
}

if (import.meta.main) runMain(main);
