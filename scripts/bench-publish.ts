// `npm run bench:publish -- [--articles 10000] [--runs 5] [--kinds title,body,new,takedown] [--lane both] [--newest]`
// An editor's change, from the call to the page that carries it, with and without the fast lane.
// Starts what `npm run emulators` starts (the Firestore, Auth and Functions emulators, the rebuild
// service and the site it publishes, served as Firebase Hosting would) in a scratch copy of the
// project, with the sample articles or N generated ones seeded before the first build, as
// bench:takedown does. For each lane (the service started with FAST_LANE=on, then again on the same
// folders with FAST_LANE=off) and each kind, once per run and each time on another article:
//   title        saveArticle with a new title, then publishArticle, as the editors' console does;
//   title-in-place  the same, published with `keepPlace`: the article's card is redrawn where it shows;
//   body         saveArticle with one more paragraph, then publishArticle (which moves it to the top);
//   body-in-place  the same, published with `keepPlace` (the console's "Keep its place in the blog"):
//                `lastUpdate` stays, so the fast lane can serve it;
//   body-direct  the same paragraph written straight into both Firestore documents, `lastUpdate`
//                left alone (a tool's write, not the editors' API);
//   new          saveArticle of a new article, then publishArticle;
//   takedown     unpublishArticle.
// The clock starts at the call that puts the change on the site (publishArticle, unpublishArticle,
// the Firestore write) and stops when the article's page and its page data both carry the change
// (or, for a take-down, neither carries the title), read every 75 ms. Between runs the bench waits
// until the service has been idle for a while, so runs never overlap, and the Firestore trigger sends
// the change's write at once, as it does for an editor (no request in its last REBUILD_DEBOUNCE_MS
// window, 5 s). Prints per run the time, which release put the change on the site (GET /status: its
// `lane`), the fast lane's reason when it left the change to the full build, and when the full build
// published; then median and worst per kind and lane, and the machine and its load. Asserts nothing.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { startEmulator } from "./emulator.ts";
import { generatedArticleId } from "./generate-articles.ts";
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
  type Started,
} from "./lib/bench/rebuild-stack.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { callFunction, makeEditor, signIn, type EmulatorAddresses } from "./lib/editors.ts";
import { startFirebaseEmulators } from "./lib/firebase-emulators.ts";
import { startImageServer } from "./lib/image-server.ts";
import { freePort, signalGroup } from "./lib/processes.ts";
import { copySiteProject } from "./lib/project-files.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { seed } from "./seed.ts";

const KINDS = ["title", "title-in-place", "body", "body-in-place", "body-direct", "new", "takedown"] as const;
type Kind = (typeof KINDS)[number];
type Lane = "on" | "off";

const COMMAND = {
  usage: "npm run bench:publish -- [options]",
  summary:
    "Times an editor's change (title, body, new article, take-down) from the call to the article's page\n" +
    "and page data carrying it, on the emulators with the real rebuild service, with the fast lane on\n" +
    "and off: per run, then median and worst per kind and lane.",
  options: {
    articles: {
      type: "string",
      value: "n",
      description: "Seed N generated articles instead of the sample articles (10000 for the large run).",
    },
    runs: { type: "string", value: "n", default: "5", description: "Runs of each kind in each lane." },
    kinds: {
      type: "string",
      value: "list",
      default: KINDS.join(","),
      description: `Which changes, comma-separated, of ${KINDS.join(", ")}.`,
    },
    lane: {
      type: "string",
      value: "on|off|both",
      default: "both",
      description: "The service's FAST_LANE: on, off, or both one after the other.",
    },
    newest: {
      type: "boolean",
      description:
        "Change the newest generated articles rather than ones spread through the list: a new title's\n" +
        "worst case, as the newest articles' cards show on the most pages (similar articles).",
    },
  },
} as const;

const PROJECT_ID = "demo-bench-publish";
const EDITOR = "bench-publish@example.com";
const SAMPLES_DIR = path.join(PROJECT_ROOT, "content", "blog");
const POLL_MS = 75;
const RUN_TIMEOUT_MS = 20 * 60_000;
const BUILD_TIMEOUT_MS = 40 * 60_000;
/**
 * How long the service must stay idle to count as done: the trigger's window (5 s), within which a
 * write's late request may still come and after which the next write is sent at once, and then some.
 */
const QUIET_MS = 8_000;

interface Target {
  id: string;
  slug: string;
  title: string;
}

/** The fields saveArticle takes, as the article is stored now. */
interface Draft {
  title: string;
  slug: string;
  categories: string[];
  featureImage: string;
  content: { blocks: unknown[]; [key: string]: unknown };
}

/** Published articles, `count` of them spread over the site, in the order the runs take them. */
function targets(articles: number | null, count: number, newest = false): string[] {
  if (articles === null) {
    const published = readdirSync(SAMPLES_DIR)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => JSON.parse(readFileSync(path.join(SAMPLES_DIR, name), "utf8")) as Target & { published?: unknown })
      .filter((article) => article.published === true);
    if (count > published.length)
      throw new Error(
        `Only ${published.length} sample articles are published and these runs change ${count}: ask for fewer --runs or --kinds.`,
      );
    return Array.from({ length: count }, (_, i) => published[Math.floor((i * published.length) / count)]!.id);
  }
  if (count > articles) throw new Error(`These runs change ${count} articles: ask for at least as many --articles.`);
  // Generated article n is an hour newer than article n - 1.
  if (newest) return Array.from({ length: count }, (_, i) => generatedArticleId(articles - 1 - i));
  return Array.from({ length: count }, (_, i) => generatedArticleId(Math.floor(((i + 0.5) * articles) / count)));
}

const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

interface Run {
  kind: Kind;
  lane: Lane;
  servedMs: number | null;
  /** The lane of the first release after the call: the one that put the change on the site. */
  servedBy: string;
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const runs = integerOption(values.runs, "runs");
  const articles = values.articles === undefined ? null : integerOption(values.articles, "articles");
  const kinds = values.kinds.split(",").map((kind) => kind.trim()) as Kind[];
  const unknownKinds = kinds.filter((kind) => !KINDS.includes(kind));
  if (unknownKinds.length > 0 || kinds.length === 0)
    throw new Error(`--kinds takes ${KINDS.join(", ")}; not ${unknownKinds.join(", ")}.`);
  if (!["on", "off", "both"].includes(values.lane)) throw new Error(`--lane takes on, off or both.`);
  const lanes: Lane[] = values.lane === "both" ? ["on", "off"] : [values.lane as Lane];
  const stops: (() => unknown)[] = [];
  const children: ChildProcess[] = [];
  const siteFailures: string[] = [];
  let finished = false;
  const loadAtStart = load();
  /** Stops every child, each waited for (a service still stopping would write into a folder being removed), then the rest. */
  const cleanUp = async (): Promise<void> => {
    finished = true;
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
  };
  // Ctrl-C or a kill stops what the bench started, as its end would.
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  try {
    console.log(
      `${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; ` +
        `load average ${loadAtStart} at the start; ${new Date().toISOString()}`,
    );
    const images = await startImageServer({ dir: path.join(SAMPLES_DIR, "images") });
    stops.push(() => images.close());
    const imageBase = `${images.url}/`;
    const existing = kinds.filter((kind) => kind !== "new");
    const chosen = targets(articles, existing.length * lanes.length * runs, values.newest);

    // As bench:takedown: the articles are written before the Functions emulator registers the
    // triggers, so seeding them asks for no builds.
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
    process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
    // No credential lookups outside this machine: without it, firebase-admin's auth library asked the
    // cloud metadata server once in a 30,000-article run ("MetadataLookupWarning … status code 403").
    process.env.METADATA_SERVER_DETECTION ??= "none";
    const { initializeApp, deleteApp } = await import("firebase-admin/app");
    const { getFirestore } = await import("firebase-admin/firestore");
    const app = initializeApp({ projectId: PROJECT_ID }, `bench-publish-${Date.now()}`);
    stops.push(() => deleteApp(app));
    const db = getFirestore(app);

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

    const scratch = mkdtempSync(path.join(tmpdir(), "bench-publish-"));
    stops.push(() => rmSync(scratch, { recursive: true, force: true }));
    const projectDir = copySiteProject(PROJECT_ROOT, { prefix: "bench-publish-project-" });
    stops.push(() => rmSync(projectDir, { recursive: true, force: true }));
    // The service runs the fast lane's command from the project's scripts/, which a site copy lacks.
    cpSync(path.join(PROJECT_ROOT, "scripts"), path.join(projectDir, "scripts"), { recursive: true });
    const publishDir = path.join(scratch, "site");
    const setup = {
      secret,
      port: webhookPort,
      publishDir,
      buildsDir: path.join(scratch, "builds"),
      projectDir,
      projectId: PROJECT_ID,
      firestoreHost: firestore.host,
      authHost: firebase.authHost,
      siteUrl,
    };
    // "fast lane: left to the full build: <reason>", as the service logs it, since the run began.
    let laneLines: string[] = [];
    let service: Started | null = null;
    /** Starts the service with the fast lane on or off, on the same folders and port each time. */
    const startService = async (lane: Lane): Promise<Started> => {
      const started = await startScript(
        "webhook/server.ts",
        serviceEnvironment(setup, { FAST_LANE: lane }),
        /listening on (http:\/\/[\d.]+:\d+)/,
        path.join(scratch, "service.log"),
        (line) => {
          const match = /fast lane: left to the full build: (.*)$/.exec(line);
          if (match) laneLines.push(match[1]!);
        },
      );
      children.push(started.child);
      return started;
    };
    const stopService = async (): Promise<void> => {
      const child = service?.child;
      service = null;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise((resolve) => {
        child.once("exit", resolve);
        signalGroup(child.pid);
      });
    };

    const bySecret = { authorization: `Bearer ${secret}` };
    const status = (): Promise<ServiceStatus> => serviceStatus(service!.url, bySecret);
    /** Waits until the service has nothing running or queued, and stays so for QUIET_MS. */
    const quiet = async (): Promise<ServiceStatus> => {
      for (;;) {
        const idle = await waitForIdle(service!.url, bySecret, BUILD_TIMEOUT_MS);
        await sleep(QUIET_MS);
        const after = await status();
        if (!after.current && !after.queued && after.builds[0]?.id === idle.builds[0]?.id) return after;
      }
    };

    const addresses: EmulatorAddresses = {
      projectId: PROJECT_ID,
      authHost: firebase.authHost,
      functionsHost: firebase.functionsHost,
    };
    await makeEditor(addresses, EDITOR);
    /** Calls a callable as the editor, with a fresh ID token (a token lasts an hour; a large run does not). */
    const call = async <T>(name: string, data: unknown): Promise<T> => {
      const { idToken } = await signIn(addresses, EDITOR);
      const { answer } = await callFunction<T>(addresses, name, data, idToken);
      if (!("result" in answer)) throw new Error(`${name} refused: ${JSON.stringify(answer.error)}`);
      return answer.result;
    };

    const read = async (address: string): Promise<{ status: number; text: string } | null> => {
      try {
        const response = await fetch(`${siteUrl}${address}`, { headers: { "cache-control": "no-cache" } });
        return { status: response.status, text: await response.text() };
      } catch {
        return null; // a failed read proves nothing; the next poll asks again
      }
    };
    const addressesOf = (slug: string): [string, string] => [
      `/blogarticle/${slug}`,
      `/page-data/blogarticle/${slug}/page-data.json`,
    ];
    /** Whether the page and the page data carry `text` (both: true; neither: false; else null). */
    const carries = async (slug: string, text: string): Promise<boolean | null> => {
      const forms = spellings(text);
      const answers = await Promise.all(addressesOf(slug).map(read));
      if (answers.includes(null)) return null;
      const found = answers.map(
        (answer) => answer!.status === 200 && forms.some((form) => answer!.text.includes(form)),
      );
      return found.every(Boolean) ? true : found.some(Boolean) ? null : false;
    };

    const draftOf = async (id: string): Promise<Draft & { blogId: string }> => {
      const meta = (await db.collection("blogMetaData").doc(id).get()).data();
      if (!meta) throw new Error(`blogMetaData/${id} is missing`);
      return {
        blogId: String(meta.blogId),
        title: String(meta.title),
        slug: String(meta.slug),
        categories: (meta.categories as string[] | undefined) ?? [],
        featureImage: String(meta.featureImage),
        content: meta.content as Draft["content"],
      };
    };
    const paragraph = (marker: string) => ({
      id: marker.replace(/\W/g, ""),
      type: "paragraph",
      data: { text: marker },
    });

    /**
     * Prepares one change of `kind` and answers what the clock times (the call that puts it on the
     * site), the article's address, and the text its page and page data must carry, or lose.
     */
    const prepare = async (
      kind: Kind,
      id: string | null,
    ): Promise<{ act: () => Promise<unknown>; slug: string; text: string; gone: boolean; note: string }> => {
      const tag = randomBytes(4).toString("hex");
      if (kind === "new") {
        const model = await draftOf(targets(articles, 1)[0]!);
        const title = `Bench publish ${tag}: a new article`;
        const slug = `bench-publish-${tag}`;
        const saveStarted = performance.now();
        const saved = await call<{ id: string }>("saveArticle", {
          title,
          slug,
          categories: model.categories,
          featureImage: model.featureImage,
          content: { ...model.content, blocks: [...model.content.blocks, paragraph(`Bench publish ${tag}.`)] },
        });
        const note = `saveArticle ${secs(performance.now() - saveStarted)}`;
        return { act: () => call("publishArticle", { id: saved.id }), slug, text: title, gone: false, note };
      }
      const draft = await draftOf(id!);
      if (kind === "takedown")
        return {
          act: () => call("unpublishArticle", { id }),
          slug: draft.slug,
          text: draft.title,
          gone: true,
          note: "",
        };
      const marker = `Bench edit ${tag}.`;
      const content = { ...draft.content, blocks: [...draft.content.blocks, paragraph(marker)] };
      if (kind === "body-direct") {
        const act = async () => {
          const batch = db.batch();
          batch.update(db.collection("blogMetaData").doc(id!), { content });
          batch.set(db.collection("blog").doc(draft.blogId), { content }, { merge: true });
          await batch.commit();
        };
        return { act, slug: draft.slug, text: marker, gone: false, note: "" };
      }
      const { blogId: _blogId, ...fields } = draft;
      const retitle = kind === "title" || kind === "title-in-place";
      const changed = retitle ? { ...fields, title: `${draft.title} (edited ${tag})` } : { ...fields, content };
      const saveStarted = performance.now();
      await call("saveArticle", { id, baseVersion: 0, ...changed });
      const note = `saveArticle ${secs(performance.now() - saveStarted)}`;
      return {
        act: () => call("publishArticle", { id, keepPlace: kind.endsWith("-in-place") }),
        slug: draft.slug,
        text: retitle ? changed.title : marker,
        gone: false,
        note,
      };
    };

    const results: Run[] = [];
    let next = 0;
    for (const lane of lanes) {
      service = await startService(lane);
      if (!existsSync(path.join(publishDir, "index.html"))) {
        console.log(`First build of the site (load ${load()})…`);
        const firstStarted = Date.now();
        await fetch(`${service.url}/rebuild`, {
          method: "POST",
          headers: { ...bySecret, "content-type": "application/json" },
          body: JSON.stringify({ reason: "bench:publish first build" }),
        });
        const first = await waitForIdle(service.url, bySecret, BUILD_TIMEOUT_MS);
        if (!first.published || !existsSync(path.join(publishDir, "index.html")))
          throw new Error(`The first build was not published: ${JSON.stringify(first.builds[0])}`);
        const live = first.releases.find((release) => release.published);
        console.log(
          `First build published in ${secs(Date.now() - firstStarted)}: ${live?.articles ?? "?"} articles (load ${load()})`,
        );
        // Served from here on, whichever service publishes.
        await serveSite({
          port: sitePort,
          publishDir,
          logFile: path.join(scratch, "site.log"),
          children,
          finished: () => finished,
          failures: siteFailures,
        });
      }
      console.log(`\nFast lane ${lane.toUpperCase()} (FAST_LANE=${lane}), load ${load()}`);
      for (const kind of kinds) {
        for (let run = 1; run <= runs; run += 1) {
          await quiet();
          const id = kind === "new" ? null : chosen[next++]!;
          const change = await prepare(kind, id);
          if ((await carries(change.slug, change.text)) !== (change.gone ? true : false))
            throw new Error(`${kind} run ${run}: ${change.slug} is not as expected before the change.`);
          const before = new Set((await status()).builds.map((build) => build.id));
          const loadThen = load();
          laneLines = [];
          const wallStarted = Date.now();
          const started = performance.now();
          const acted = change.act();
          let servedMs: number | null = null;
          while (performance.now() - started < RUN_TIMEOUT_MS) {
            const polled = performance.now();
            if ((await carries(change.slug, change.text)) === !change.gone) {
              servedMs = performance.now() - started;
              break;
            }
            await sleep(Math.max(0, POLL_MS - (performance.now() - polled)));
          }
          await acted;
          const settled = await quiet();
          const since = settled.builds
            .filter((build) => !before.has(build.id) && build.state === "published" && build.finishedAt)
            .sort((a, b) => a.finishedAt!.localeCompare(b.finishedAt!));
          const first = since[0];
          const fulls = since.filter((build) => build.lane === "full");
          const full = fulls[0];
          const last = fulls.at(-1);
          const failed = settled.builds.filter((build) => !before.has(build.id) && build.state === "failed");
          const servedBy = first?.lane ?? "?";
          results.push({ kind, lane, servedMs, servedBy });
          const parts = [
            servedMs === null ? `NOT SERVED within ${RUN_TIMEOUT_MS / 1000} s` : `served ${secs(servedMs)}`,
            `first release: ${servedBy} lane`,
            full ? `full build published at ${secs(Date.parse(full.finishedAt!) - wallStarted)}` : "no full build",
            // A change should cost one full build; a second one is work the service could have joined.
            ...(fulls.length > 1 && last
              ? [`${fulls.length} full builds, the last at ${secs(Date.parse(last.finishedAt!) - wallStarted)}`]
              : []),
            ...(laneLines.length > 0 ? [`lane: left to the full build: ${[...new Set(laneLines)].join(" | ")}`] : []),
            ...(failed.length > 0 ? [`${failed.length} FAILED: ${failed.map((build) => build.error).join("; ")}`] : []),
            ...(change.note ? [change.note] : []),
            `load ${loadThen}`,
            change.slug,
          ];
          console.log(`${kind.padEnd(11)} ${lane.padEnd(3)} run ${run}: ${parts.join("; ")}`);
        }
      }
      await quiet();
      await stopService();
    }

    console.log(`\nTrigger to served, ${runs} runs each (${articles ?? "the sample"} articles):`);
    console.log("| Change      | Fast lane | Median   | Worst    | First release |");
    console.log("| ----------- | --------- | -------- | -------- | ------------- |");
    for (const kind of kinds)
      for (const lane of lanes) {
        const mine = results.filter((result) => result.kind === kind && result.lane === lane);
        const times = mine.map((result) => result.servedMs ?? Number.POSITIVE_INFINITY);
        const by = [...new Set(mine.map((result) => result.servedBy))]
          .map((name) => `${name} ${mine.filter((result) => result.servedBy === name).length}/${mine.length}`)
          .join(", ");
        console.log(
          `| ${kind.padEnd(11)} | ${lane.padEnd(9)} | ${secs(median(times)).padStart(8)} | ` +
            `${secs(Math.max(...times)).padStart(8)} | ${by.padEnd(13)} |`,
        );
      }
    console.log(
      `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; load average ${loadAtStart} at the start, ` +
        `${load()} at the end`,
    );
    if (siteFailures.length > 0)
      console.log(`  the site server stopped ${siteFailures.length} times: ${[...new Set(siteFailures)].join("; ")}`);
  } catch (error) {
    const { stack, cause } = error as Error;
    if (cause) console.error(`${stack}\ncaused by ${String((cause as Error).stack ?? cause)}`);
    throw error;
  } finally {
    await cleanUp();
  }
}

if (import.meta.main) runMain(main);
