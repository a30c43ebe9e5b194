/**
 * Whether the navigation bar takes its scrolled style: the page is scrolled past the top of the
 * hero and not yet down to the features section. Pages without a hero never take it.
 */
export function isNavScrolled(scrollY: number, heroTop: number | null, featuresTop: number | null): boolean {
  if (heroTop === null) return false;
  if (scrollY <= heroTop) return false;
  return featuresTop === null || scrollY < featuresTop;
}
