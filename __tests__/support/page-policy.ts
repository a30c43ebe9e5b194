// The steps of finishing a page (finish-html.ts does them in one pass) one at a time, composed from
// the build's own functions, for tests that look at one part: the hashes, the meta tag, the policy
// alone or the boot script alone.
import {
  inlineScriptsOf,
  policyEdits,
  policyOfPage,
  scriptHashes,
  type FinishedPage,
} from "../../src/node/html/csp-meta";
import { bootEdits } from "../../src/node/html/boot-script";
import { scanPage, splice } from "../../src/node/html/parse-html";

/** The hashes a page's policy lists for its inline scripts (inlineScriptsOf, scriptHashes). */
export const inlineScriptHashes = (html: string): string[] => scriptHashes(inlineScriptsOf(scanPage(html)));

/** The page with `policy` in its head, as the build edits it (policyEdits, spliced). */
export function withPolicyMeta(html: string, policy: string): string {
  const edits = policyEdits(scanPage(html), policy);
  return edits ? splice(html, edits) : html;
}

/** The page with its own policy (policyOfPage) and nothing else; `placed` is false without <head>. */
export function withPagePolicy(html: string, emulatorHost?: string): FinishedPage {
  const page = scanPage(html);
  const edits = policyEdits(page, policyOfPage(page, emulatorHost));
  return { html: edits ? splice(html, edits) : html, placed: edits !== undefined };
}

/** The page with Gatsby's script tags replaced by the boot script (bootEdits, spliced) and nothing else. */
export function rewritePageScripts(html: string, pageChunks: (pagePath: string) => string[]): string {
  const boot = bootEdits(scanPage(html), pageChunks);
  return boot ? splice(html, boot.edits) : html;
}
