// The build workspace: a copy of the project's sources, refreshed before each build, that keeps
// Gatsby's cache between builds (warm builds).
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

/**
 * Never copied into a build workspace: dependencies are linked rather than copied, and the working
 * tree's build output, caches and reports must not leak into a build.
 */
export const NOT_COPIED = new Set([
  "node_modules",
  ".cache",
  "public",
  ".git",
  "reports",
  "test-results",
  "playwright-report",
]);

/**
 * Copies the project's sources into `workspace` afresh, so a build sees exactly what the project
 * holds now, leaving the workspace's own caches and output; BUILDS_DIR and PUBLISH_DIR, when they
 * lie inside the project, are not copied.
 */
export function syncWorkspace(
  workspace: string,
  { projectDir, buildsDir, publishDir }: { projectDir: string; buildsDir: string; publishDir: string },
): void {
  mkdirSync(workspace, { recursive: true });
  const holds = (name: string, dir: string): boolean =>
    dir === path.join(projectDir, name) || dir.startsWith(path.join(projectDir, name) + path.sep);
  const skip = (name: string): boolean => NOT_COPIED.has(name) || holds(name, buildsDir) || holds(name, publishDir);
  const wanted = readdirSync(projectDir).filter((name) => !skip(name));
  for (const name of readdirSync(workspace)) {
    if (!NOT_COPIED.has(name)) rmSync(path.join(workspace, name), { recursive: true, force: true });
  }
  for (const name of wanted)
    cpSync(path.join(projectDir, name), path.join(workspace, name), { recursive: true, verbatimSymlinks: true });
  linkModules(path.join(workspace, "node_modules"), path.join(projectDir, "node_modules"));
}

/**
 * Makes `link` a symlink to `target` (the project's node_modules), or removes it when the project has
 * none. Whatever else is there goes: a link left by another checkout, or by an earlier release of the
 * service after a redeploy, whether it still resolves (the builds would use old dependencies) or
 * dangles (existsSync calls it absent, and a new link would fail with EEXIST), or a folder.
 */
function linkModules(link: string, target: string): void {
  let current: ReturnType<typeof lstatSync> | undefined;
  try {
    current = lstatSync(link);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const wanted = existsSync(target);
  if (current?.isSymbolicLink() && wanted && path.resolve(path.dirname(link), readlinkSync(link)) === target) return;
  if (current) rmSync(link, { recursive: true, force: true });
  if (wanted) symlinkSync(target, link, "dir");
}

/** Removes the workspace's build output and Gatsby's cache: the next build starts cold. */
export function wipeWorkspaceOutput(workspace: string): void {
  rmSync(path.join(workspace, ".cache"), { recursive: true, force: true });
  rmSync(path.join(workspace, "public"), { recursive: true, force: true });
}

/** Where a build writes its report for editors (packages/publishing/src/build-report.ts); emptied before each build. */
export const reportDirOf = (buildsDir: string): string => path.join(buildsDir, "build-report");

/** The environment of a build or deploy command: the service's, less the secrets. */
export function childEnv(id: string): NodeJS.ProcessEnv {
  const { REBUILD_SECRET: _secret, NOTIFY_SECRET: _notifySecret, ...env } = process.env;
  return { ...env, BUILD_ID: id, CI: "true", GATSBY_TELEMETRY_DISABLED: "1" };
}
