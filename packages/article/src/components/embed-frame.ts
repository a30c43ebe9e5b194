// The iframe an allowlisted embed becomes when the visitor asks for it. EmbedBlock renders it with
// React where the browser draws a body itself; a built article's body is HTML from the build, with no
// renderer in the browser (BuiltArticleBody.browser.tsx), so there the button's data attributes name
// the frame and `activateEmbeds` builds it. Both read the same attributes from here.

/** The frame's fixed attributes, as React props and as DOM attributes alike. */
export const EMBED_FRAME = {
  loading: "lazy",
  sandbox: "allow-scripts allow-same-origin allow-presentation allow-popups",
  allow: "encrypted-media; picture-in-picture; fullscreen",
  referrerPolicy: "strict-origin-when-cross-origin",
} as const;

/** The button's attributes that carry the frame's address and title into the built HTML. */
export const EMBED_SRC_ATTRIBUTE = "data-embed-src";
export const EMBED_TITLE_ATTRIBUTE = "data-embed-title";

/**
 * Replaces an embed's button by its frame when clicked, inside `container` (HTML from the build).
 * Returns the function that stops it.
 */
export function activateEmbeds(container: HTMLElement): () => void {
  const onClick = (event: MouseEvent): void => {
    const button = event.target instanceof Element ? event.target.closest(`button[${EMBED_SRC_ATTRIBUTE}]`) : null;
    if (!button || !container.contains(button)) return;
    const frame = document.createElement("iframe");
    frame.src = button.getAttribute(EMBED_SRC_ATTRIBUTE) ?? "";
    frame.title = button.getAttribute(EMBED_TITLE_ATTRIBUTE) ?? "";
    frame.setAttribute("loading", EMBED_FRAME.loading);
    frame.setAttribute("sandbox", EMBED_FRAME.sandbox);
    frame.setAttribute("allow", EMBED_FRAME.allow);
    frame.setAttribute("referrerpolicy", EMBED_FRAME.referrerPolicy);
    button.replaceWith(frame);
  };
  container.addEventListener("click", onClick);
  return () => container.removeEventListener("click", onClick);
}
