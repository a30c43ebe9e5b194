// The width each image takes on screen, as `sizes` attributes, and the widths its files are made
// in. With the slot known, the browser picks a file no wider than the slot needs at the screen's
// pixel density, instead of assuming the image spans the whole viewport. The numbers follow the
// CSS: .container (at most 72rem, 1.25rem padding each side) and the blog grid (1, 2 from 600px,
// 3 from 769px columns, 1.5rem gap; cards have a 1px border). The home and 404 illustrations are
// vector files, sharp at any width, and need none of this.

/** A card's cover on the blog list: a third, half or all of the container, less the border. */
export const CARD_IMAGE_SIZES =
  "(min-width: 1152px) 353px, (min-width: 769px) calc((100vw - 5.5rem) / 3 - 2px), (min-width: 600px) calc((100vw - 4rem) / 2 - 2px), calc(100vw - 2.5rem - 2px)";
