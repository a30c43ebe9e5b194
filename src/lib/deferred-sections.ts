/** Event that asks every on-demand section of the page to load now (a hash link wants one of them). */
export const REVEAL_SECTIONS_EVENT = "kindred:reveal-sections";

/** Attribute of the placeholder an on-demand section shows while its code loads. */
export const PENDING_SECTION_ATTRIBUTE = "data-pending-section";

/** Asks on-demand sections to load, so that a scroll target inside one of them can appear. */
export function requestSectionReveal(win: Window = window): void {
  win.dispatchEvent(new Event(REVEAL_SECTIONS_EVENT));
}
