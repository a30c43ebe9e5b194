// firebase.json's hosting entries, as the local server (scripts/serve.ts) and the tests read them. The
// project hosts two sites, each a deploy target: "site", the public site built into public/, and
// "editors", the editors' console built into editors/dist (docs/editors-console.md). `hosting` is then
// a list, each entry naming its target; a lone object, as older checkouts have, is the site.
import { readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./root.ts";

export type HostingTarget = "site" | "editors";

export interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}

/** One hosting entry: superstatic's settings, with the target it deploys to. */
export interface HostingEntry {
  target?: string;
  public?: string;
  headers?: HeaderRule[];
  rewrites?: { source?: string; regex?: string; destination: string }[];
  [setting: string]: unknown;
}

export interface FirebaseJson {
  hosting?: HostingEntry | HostingEntry[];
  [section: string]: unknown;
}

/** The project's firebase.json. */
export function readFirebaseJson(root = PROJECT_ROOT): FirebaseJson {
  return JSON.parse(readFileSync(path.join(root, "firebase.json"), "utf8")) as FirebaseJson;
}

/** The hosting entry of `target`; a lone entry without a target is the site's. */
export function hostingEntry(target: HostingTarget, firebase: FirebaseJson = readFirebaseJson()): HostingEntry {
  const { hosting } = firebase;
  const entries = hosting === undefined ? [] : Array.isArray(hosting) ? hosting : [hosting];
  const found = entries.find((entry) => entry.target === target || (entry.target === undefined && target === "site"));
  if (!found) throw new Error(`firebase.json has no hosting entry with "target": "${target}".`);
  return found;
}

/**
 * The entry with more sources in its Content-Security-Policy headers: each directive named gets the
 * sources after its own (a directive the policy lacks is added). For serving a build that talks to local
 * emulators, whose addresses no deployed policy names.
 */
export function withCspSources(entry: HostingEntry, additions: Record<string, string[]>): HostingEntry {
  const widen = (policy: string): string => {
    const parts = policy
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean);
    for (const [directive, sources] of Object.entries(additions)) {
      const index = parts.findIndex((part) => part.split(/\s+/)[0] === directive);
      if (index === -1) parts.push([directive, ...sources].join(" "));
      else parts[index] = [parts[index], ...sources].join(" ");
    }
    return parts.join("; ");
  };
  return {
    ...entry,
    headers: entry.headers?.map((rule) => ({
      ...rule,
      headers: rule.headers.map((header) =>
        header.key.toLowerCase() === "content-security-policy" ? { ...header, value: widen(header.value) } : header,
      ),
    })),
  };
}
