// The build workspace: a copy of the project's sources, refreshed before each build, that keeps
// Gatsby's cache between builds (warm builds).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
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
  const modules = path.join(workspace, "node_modules");
  if (!existsSync(modules) && existsSync(path.join(projectDir, "node_modules"))) {
    symlinkSync(path.join(projectDir, "node_modules"), modules, "dir");
  }
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
