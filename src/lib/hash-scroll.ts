import { SCROLL_TARGET_WAIT_MS, SMOOTH_SCROLL_MS } from "./constants";
import { animateScrollTo } from "./smooth-scroll";
import { PENDING_SECTION_ATTRIBUTE, requestSectionReveal } from "./deferred-sections";

// Scrolling to a section a link names. No page needs it before a visitor follows such a link, so it
// is fetched then (load-hash-scroll.ts) and is no part of any page's first load (docs/first-load.md).

/** The element id a hash such as "#features" names, or null for an empty hash. */
export function idFromHash(hash: string): string | null {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  if (raw === "") return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Resolves with the element of that id as soon as it is in the document, or with null once
 * `timeoutMs` has passed without it (sections of the home page are rendered on demand).
 */
export function waitForElement(
  id: string,
  timeoutMs: number = SCROLL_TARGET_WAIT_MS,
  doc: Document = document,
): Promise<HTMLElement | null> {
  const found = doc.getElementById(id);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = doc.getElementById(id);
      if (element) finish(element);
    });
    const timer = setTimeout(() => finish(null), timeoutMs);
    function finish(element: HTMLElement | null): void {
      observer.disconnect();
      clearTimeout(timer);
      resolve(element);
    }
    observer.observe(doc.documentElement, { childList: true, subtree: true });
  });
}

function placeholderAbove(element: Element, doc: Document): boolean {
  for (const placeholder of doc.querySelectorAll(`[${PENDING_SECTION_ATTRIBUTE}]`)) {
    if (placeholder.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) return true;
  }
  return false;
}

/**
 * Resolves true once no section placeholder precedes `element` in the document, or false when
 * `timeoutMs` passes first. A placeholder holds a guess of its section's height; until the section
 * replaces it, everything below it may still move.
 */
export function waitForSectionsAbove(
  element: Element,
  timeoutMs: number = SCROLL_TARGET_WAIT_MS,
  doc: Document = document,
): Promise<boolean> {
  if (!placeholderAbove(element, doc)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!placeholderAbove(element, doc)) finish(true);
    });
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(settled: boolean): void {
      observer.disconnect();
      clearTimeout(timer);
      resolve(settled);
    }
    observer.observe(doc.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: [PENDING_SECTION_ATTRIBUTE],
    });
  });
}

/** Height of the fixed navigation bar, so a section's heading is not hidden beneath it. */
function navOffset(doc: Document): number {
  const nav = doc.querySelector<HTMLElement>("[data-site-nav]");
  return nav ? nav.getBoundingClientRect().height : 0;
}

/** Where the window must scroll for `element` to sit just below the navigation bar. */
function scrollTargetOf(element: HTMLElement): number {
  return Math.max(0, element.getBoundingClientRect().top + window.scrollY - navOffset(document));
}

/**
 * Smoothly scrolls to the element a hash names, waiting up to 10 s for it to appear and for the
 * sections above it to replace their placeholders (a placeholder's height is a guess, so aiming
 * before then lands beside the target). Resolves true when it scrolled, false when there was no
 * such element in time.
 */
export async function scrollToHash(
  hash: string,
  options: { timeoutMs?: number; durationMs?: number } = {},
): Promise<boolean> {
  const id = idFromHash(hash);
  if (id === null) return false;
  if (!document.getElementById(id)) requestSectionReveal();
  const timeoutMs = options.timeoutMs ?? SCROLL_TARGET_WAIT_MS;
  const deadline = Date.now() + timeoutMs;
  const element = await waitForElement(id, timeoutMs);
  if (!element) return false;
  if (placeholderAbove(element, document)) {
    requestSectionReveal();
    await waitForSectionsAbove(element, Math.max(0, deadline - Date.now()));
  }
  await animateScrollTo(scrollTargetOf(element), options.durationMs ?? SMOOTH_SCROLL_MS);
  // Anything that moved the target during the animation (an image decoding, a late section):
  // finish exactly on it rather than where it was when the animation began.
  const settledY = scrollTargetOf(element);
  if (Math.abs(settledY - window.scrollY) > 1) window.scrollTo(0, settledY);
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
  return true;
}
