/** What a click event says about the button and keys behind it (a DOM or a React mouse event). */
interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Whether a click on a link is the site's to handle: a plain primary-button click nobody handled
 * yet. With a modifier key or another button the visitor asks for a new tab or window, which the
 * browser must open itself.
 */
export function isPlainClick(event: ClickLike): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
