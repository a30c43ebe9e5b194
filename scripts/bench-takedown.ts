// `npm run bench:takedown -- [--articles 10000] [--runs 10]`
// Unpublish to gone, as an editor's tool sees it. Starts what `npm run emulators` starts (the
// Firestore, Auth and Functions emulators, the rebuild service and the site it publishes, served as
// Firebase Hosting would) in a scratch copy of the project, with the sample articles or N generated
// ones seeded before the first build. Then, once per run and each time on another published
// article, calls `unpublishArticle` as an editor over HTTP and reads the article's page and its page
// data every 75 ms until neither carries the article's text. Prints, per run, the time from the
// call to gone, the callable's own round trip and the service's durationMs for the take-down (GET
// /status with the editor's ID token), then the median and the worst; after the last run, waits for
// the follow-up builds and checks that every article taken down is still gone. Asserts nothing.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { startEmulator } from "./emulator.ts";
import { generatedArticle } from "./generate-articles.ts";
import { generateArticles } from "./lib/bench/builds.ts";
import {
  median,
  serveSite,
  serviceEnvironment,
  serviceStatus,
  sleep,
  spellings,
  startScript,
  waitForIdle,
  type ServiceStatus,
} from "./lib/bench/rebuild-stack.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { callFunction, makeEditor, type EmulatorAddresses } from "./lib/editors.ts";
import { startFirebaseEmulators } from "./lib/firebase-emulators.ts";
import { startImageServer } from "./lib/image-server.ts";
import { freePort, signalGroup } from "./lib/processes.ts";
import { copySiteProject } from "./lib/project-files.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { seed } from "./seed.ts";

const COMMAND = {
  usage: "npm run bench:takedown -- [options]",
  summary:
    "Times unpublishArticle to the article's page and page data no longer carrying its text, on the\n" +
    "emulators with the real rebuild service and its published site: per run, median and worst.",
  options: {
    articles: {
      type: "string",
      value: "n",
      description: "Seed N generated articles instead of the sample articles (10000 for the large run).",
    },
    runs: { type: "string", value: "n", default: "10", description: "How many take-downs, each of another article." },
  },
} as const;

const PROJECT_ID = "demo-bench-takedown";
const EDITOR = "bench-takedown@example.com";
const SAMPLES_DIR = path.join(PROJECT_ROOT, "content", "blog");
const POLL_MS = 75;
/** How long a run may take before it is reported as not gone (a take-down left to the full build). */
const RUN_TIMEOUT_MS = 20 * 60_000;
const BUILD_TIMEOUT_MS = 40 * 60_000;

interface Target {
  id: string;
  slug: string;
  title: string;
}

/** Published articles to take down, `runs` of them spread over the site. */
function targets(articles: number | null, runs: number, imageBase: string): Target[] {
  if (articles === null) {
    const published = readdirSync(SAMPLES_DIR)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => JSON.parse(readFileSync(path.join(SAMPLES_DIR, name), "utf8")) as Target & { published?: unknown })
      .filter((article) => article.published === true);
    if (runs > published.length)
      throw new Error(`Only ${published.length} sample articles are published: --runs ${runs} is too many.`);
    return Array.from({ length: runs }, (_, run) => published[Math.floor((run * published.length) / runs)]!);
  }
  if (runs > articles) throw new Error(`--runs ${runs} needs at least as many --articles.`);
  return Array.from({ length: runs }, (_, run) => {
    const { id, data } = generatedArticle(Math.floor(((run + 0.5) * articles) / runs), imageBase, ["x.webp"]);
    return { id, slug: data.slug, title: data.title };
  });
}

const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const load = (): string => loadavg()[0]!.toFixed(1);

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const runs = integerOption(values.runs, "runs");
  const articles = values.articles === undefined ? null : integerOption(values.articles, "articles");
  const stops: (() => unknown)[] = [];
  const children: ChildProcess[] = [];
  /** How each stop of the site server that the bench did not ask for ended. */
  const siteFailures: string[] = [];
  let finished = false;
  try {
    console.log(
      `${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; ` +
        `load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(" ")}`,
    );
    const images = await startImageServer({ dir: path.join(SAMPLES_DIR, "images") });
    stops.push(() => images.close());
    const imageBase = `${images.url}/`;
    const chosen = targets(articles, runs, imageBase);

    // What `npm run emulators` starts, on free ports, in the same order: the articles are written
    // before the Functions emulator registers the trigger, so seeding them asks for no builds.
    const [functionsPort, webhookPort, sitePort] = await Promise.all([freePort(), freePort(), freePort()]);
    const firestore = await startEmulator({ functionsEmulator: `127.0.0.1:${functionsPort}` });
    stops.push(firestore.stop);
    if (articles === null) {
      const count = await seed({ emulator: firestore.host, project: PROJECT_ID, imageBase });
      console.log(`Seeded the ${count} sample articles`);
    } else {
      const started = Date.now();
      generateArticles({ emulatorHost: firestore.host, project: PROJECT_ID, count: articles, imageBase });
      console.log(`Seeded ${articles} generated articles in ${secs(Date.now() - started)}`);
    }
    const secret = randomBytes(32).toString("hex");
    const webhookUrl = `http://127.0.0.1:${webhookPort}`;
    const siteUrl = `http://127.0.0.1:${sitePort}`;
    const firebase = await startFirebaseEmulators({
      projectId: PROJECT_ID,
      firestoreHost: firestore.host,
      functionsPort,
      functionsEnv: { REBUILD_URL: `${webhookUrl}/rebuild`, PREVIEW_SITE_URL: siteUrl },
      secrets: { REBUILD_SECRET: secret },
    });
    stops.push(firebase.stop);

    const scratch = mkdtempSync(path.join(tmpdir(), "bench-takedown-"));
    stops.push(() => rmSync(scratch, { recursive: true, force: true }));
    const projectDir = copySiteProject(PROJECT_ROOT, { prefix: "bench-takedown-project-" });
    stops.push(() => rmSync(projectDir, { recursive: true, force: true }));
    const publishDir = path.join(scratch, "site");
    // "Took down <slugs>: release <id> (<n> files shared)", the service's line for each take-down.
    const takedowns = new Map<string, { release: string; files: number }>();
    const service = await startScript(
      "webhook/server.ts",
      serviceEnvironment({
        secret,
        port: webhookPort,
        publishDir,
        buildsDir: path.join(scratch, "builds"),
        projectDir,
        projectId: PROJECT_ID,
        firestoreHost: firestore.host,
        authHost: firebase.authHost,
        siteUrl,
      }),
      /listening on (http:\/\/[\d.]+:\d+)/,
      path.join(scratch, "service.log"),
      (line) => {
        const match = /Took down (\S+): release (\S+) \((\d+) files shared\)/.exec(line);
        if (match) takedowns.set(match[1]!, { release: match[2]!, files: Number(match[3]) });
      },
    );
    children.push(service.child);

    const bySecret = { authorization: `Bearer ${secret}` };
    const status = (headers: Record<string, string>): Promise<ServiceStatus> => serviceStatus(service.url, headers);
    /** Waits until the service has nothing running or queued; answers the status then. */
    const idle = (): Promise<ServiceStatus> => waitForIdle(service.url, bySecret, BUILD_TIMEOUT_MS);

    console.log(`First build of the site (load ${load()})…`);
    const firstStarted = Date.now();
    await fetch(`${service.url}/rebuild`, {
      method: "POST",
      headers: { ...bySecret, "content-type": "application/json" },
      body: JSON.stringify({ reason: "bench:takedown first build" }),
    });
    const first = await idle();
    if (!first.published || !existsSync(path.join(publishDir, "index.html")))
      throw new Error(`The first build was not published: ${JSON.stringify(first.builds[0])}`);
    const live = first.releases.find((release) => release.published);
    console.log(
      `First build published in ${secs(Date.now() - firstStarted)}: ${live?.articles ?? "?"} articles (load ${load()})`,
    );
    await serveSite({
      port: sitePort,
      publishDir,
      logFile: path.join(scratch, "site.log"),
      children,
      finished: () => finished,
      failures: siteFailures,
    });

    const addresses: EmulatorAddresses = {
      projectId: PROJECT_ID,
      authHost: firebase.authHost,
      functionsHost: firebase.functionsHost,
    };
    const { idToken } = await makeEditor(addresses, EDITOR);
    const byEditor = { authorization: `Bearer ${idToken}` };

    const read = async (address: string): Promise<{ status: number; text: string }> => {
      const response = await fetch(`${siteUrl}${address}`, { headers: { "cache-control": "no-cache" } });
      return { status: response.status, text: await response.text() };
    };
    const addressesOf = (slug: string): [string, string] => [
      `/blogarticle/${slug}`,
      `/page-data/blogarticle/${slug}/page-data.json`,
    ];
    /** Reads the page and the page data: which of them still carry the title, and what they answered. */
    let failedReads = 0;
    const look = async (target: Target): Promise<{ carried: boolean[]; statuses: number[] }> => {
      const forms = spellings(target.title);
      const answers = await Promise.all(addressesOf(target.slug).map(read)).catch(() => null);
      // A read that fails proves nothing: the article counts as still there, and the next poll asks again.
      if (answers === null) {
        failedReads += 1;
        return { carried: [true, true], statuses: [0, 0] };
      }
      return {
        carried: answers.map(({ text }) => forms.some((form) => text.includes(form))),
        statuses: answers.map(({ status: code }) => code),
      };
    };

    // What a visitor gets at the address of an article that never was: a taken-down one should get the same.
    const unknown = await Promise.all(addressesOf("bench-takedown-no-such-article").map(read));
    const asUnknown = async (target: Target): Promise<boolean> => {
      const answers = await Promise.all(addressesOf(target.slug).map(read));
      return answers.every((answer, i) => answer.status === unknown[i]!.status && answer.text === unknown[i]!.text);
    };

    interface Run {
      goneMs: number | null;
      callMs: number;
      serviceMs: number | null;
    }
    const results: Run[] = [];
    console.log(
      `Taking down ${runs} articles one after another, reading both addresses every ${POLL_MS} ms ` +
        `(an unknown article's page and page data answer ${unknown.map(({ status: code }) => code).join("/")})`,
    );
    for (let run = 1; run <= runs; run += 1) {
      const target = chosen[run - 1]!;
      const before = await look(target);
      if (!before.carried.every(Boolean))
        throw new Error(
          `Run ${run}: ${target.slug} is not live before its take-down (answers ${before.statuses.join(", ")}).`,
        );
      const building = (await status(bySecret)).current !== null;
      const failuresBefore = siteFailures.length;
      const loadThen = load();
      const started = performance.now();
      let callMs = 0;
      const call = callFunction<{ id: string; takenDown?: boolean }>(
        addresses,
        "unpublishArticle",
        { id: target.id },
        idToken,
      ).then((answer) => {
        callMs = performance.now() - started;
        return answer;
      });
      let goneMs: number | null = null;
      let after = before;
      while (performance.now() - started < RUN_TIMEOUT_MS) {
        const polled = performance.now();
        after = await look(target);
        if (!after.carried.some(Boolean)) {
          goneMs = performance.now() - started;
          break;
        }
        await sleep(Math.max(0, POLL_MS - (performance.now() - polled)));
      }
      const { answer } = await call;
      if (!("result" in answer)) throw new Error(`Run ${run}: unpublishArticle refused: ${JSON.stringify(answer)}`);
      const same = goneMs === null ? false : await asUnknown(target);
      const takedown = takedowns.get(target.slug);
      const serviceMs = takedown
        ? ((await status(byEditor)).builds.find((build) => build.id === takedown.release)?.durationMs ?? null)
        : null;
      results.push({ goneMs, callMs, serviceMs });
      const parts = [
        goneMs === null
          ? `NOT GONE within ${RUN_TIMEOUT_MS / 1000} s of the call`
          : `gone ${secs(goneMs)} after the call`,
        `callable ${secs(callMs)}${answer.result.takenDown === false ? " (takenDown: false)" : ""}`,
        takedown
          ? `service ${serviceMs === null ? "?" : secs(serviceMs)} (${takedown.files} files linked)`
          : "service: no take-down logged",
        `answers ${after.statuses.join("/")}${same ? ", as for an unknown article" : " (NOT as for an unknown article)"}`,
        building ? "a build was running" : "no build running",
        ...(siteFailures.length > failuresBefore ? ["THE SITE SERVER STOPPED and was started again"] : []),
        `load ${loadThen} (${target.slug})`,
      ];
      console.log(`run ${String(run).padStart(2)}: ${parts.join("; ")}`);
    }

    const gone = results.map((result) => result.goneMs ?? Number.POSITIVE_INFINITY);
    const calls = results.map((result) => result.callMs);
    const service_ = results.flatMap((result) => (result.serviceMs === null ? [] : [result.serviceMs]));
    console.log(
      `Unpublish to gone over ${runs} runs: median ${secs(median(gone))}, worst ${secs(Math.max(...gone))} ` +
        `(load ${load()})`,
    );
    console.log(`  callable's round trip: median ${secs(median(calls))}, worst ${secs(Math.max(...calls))}`);
    if (service_.length > 0)
      console.log(
        `  service's take-down (durationMs), ${service_.length} of ${runs}: median ${secs(median(service_))}, ` +
          `worst ${secs(Math.max(...service_))}`,
      );

    // The full builds asked for by the take-downs must not bring any article back.
    const waited = Date.now();
    const settled = await idle();
    const failed = settled.builds.filter((build) => build.state === "failed");
    const back: string[] = [];
    let unlike = 0;
    for (const target of chosen) {
      if ((await look(target)).carried.some(Boolean)) back.push(target.slug);
      else if (!(await asUnknown(target))) unlike += 1;
    }
    console.log(
      `After the follow-up builds (${secs(Date.now() - waited)} more; ${failed.length} failed): ` +
        `${back.length === 0 ? `all ${runs} still gone` : `BACK ON THE SITE: ${back.join(", ")}`}` +
        `${unlike > 0 ? `, ${unlike} answered otherwise than an unknown article` : ""} (load ${load()})`,
    );
    if (failedReads > 0) console.log(`  ${failedReads} reads of the site failed and were asked again`);
    if (siteFailures.length > 0)
      console.log(`  the site server stopped ${siteFailures.length} times: ${[...new Set(siteFailures)].join("; ")}`);
    for (const build of failed) console.log(`  failed build ${build.id}: ${build.error ?? "no error given"}`);
  } catch (error) {
    // "fetch failed" alone says neither which request nor why.
    const { stack, cause } = error as Error;
    if (cause) console.error(`${stack}\ncaused by ${String((cause as Error).stack ?? cause)}`);
    throw error;
  } finally {
    finished = true;
    // Each child is waited for: a service still stopping would write into the folder being removed.
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            child.once("exit", resolve);
            signalGroup(child.pid);
          }),
      ),
    );
    for (const stop of stops.reverse()) await stop();
  }
}

if (import.meta.main) runMain(main);
