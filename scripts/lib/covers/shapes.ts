// The palette and the shapes the sample covers and illustrations are drawn from: each returns a
// piece of SVG markup, so a scene is a sum of strings.

/** The canvas every scene is drawn on. */
export const WIDTH = 1200;
export const HEIGHT = 675;

// Palette
export const ROSE = "#b3124f";
export const DARK_ROSE = "#8c0e3e";
export const SOFT_PINK = "#fff3f7";
export const PLUM = "#1d1522";
export const PEACH = "#ffb199";
export const CORAL = "#ff6f61";
export const LAVENDER = "#c9b6ff";
export const MINT = "#9be3c3";
export const WHITE = "#ffffff";
export const SKIN_DEEP = "#c57b5a";

// ---- Shapes ---------------------------------------------------------------------------------

/** A heart centred on (x, y), about 100 units wide at scale 1. */
export const heart = (x: number, y: number, s: number, fill: string, opacity = 1): string =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 32C-14 20-50-2-50-26c0-16 12-28 27-28 10 0 18 6 23 14 5-8 13-14 23-14 15 0 27 12 27 28C50-2 14 20 0 32z" fill="${fill}" opacity="${opacity}"/>`;

/** A four-pointed sparkle. */
export const sparkle = (x: number, y: number, s: number, fill: string, opacity = 1): string =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0-20C2-6 6-2 20 0 6 2 2 6 0 20-2 6-6 2-20 0-6-2-2-6 0-20z" fill="${fill}" opacity="${opacity}"/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, opacity = 1): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" opacity="${opacity}"/>`;

/** Small dots scattered from a fixed list, so every run draws the same picture. */
export const confetti = (points: [number, number, number][], fill: string, opacity = 0.8): string =>
  points.map(([x, y, r]) => circle(x, y, r, fill, opacity)).join("");

/** A soft organic blob behind the scene. */
export const blob = (x: number, y: number, s: number, fill: string, opacity = 1): string =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M60-90c50 10 95 50 90 105-5 60-60 95-120 95S-150 70-150 10-100-110 60-90z" fill="${fill}" opacity="${opacity}"/>`;

/** A map pin whose point is at (x, y). */
export const pin = (x: number, y: number, s: number, fill: string, inner = WHITE): string =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0C-22-28-40-50-40-72a40 40 0 0 1 80 0c0 22-18 44-40 72z" fill="${fill}"/><circle cx="0" cy="-72" r="16" fill="${inner}"/></g>`;

/** A coffee cup on a saucer, its base centred at (x, y). */
export const cup = (x: number, y: number, s: number, body: string, band: string, flip = false): string =>
  `<g transform="translate(${x} ${y}) scale(${flip ? -s : s} ${s})">` +
  `<ellipse cx="0" cy="0" rx="95" ry="16" fill="${WHITE}"/><ellipse cx="0" cy="-4" rx="70" ry="9" fill="#f3e6ec"/>` +
  `<path d="M62-118h24a32 32 0 0 1 0 64H60" fill="none" stroke="${body}" stroke-width="14"/>` +
  `<path d="M-70-130h140l-12 110a20 20 0 0 1-20 18H-62a20 20 0 0 1-20-18z" fill="${body}"/>` +
  `<rect x="-66" y="-98" width="132" height="18" fill="${band}"/>` +
  `<ellipse cx="0" cy="-130" rx="70" ry="12" fill="${DARK_ROSE}" opacity=".35"/></g>`;

/** A speech bubble with its tail at the bottom left (or right when flipped). */
export const bubble = (x: number, y: number, w: number, h: number, fill: string, flip = false, stroke = ""): string => {
  const tail = flip ? `M${x + w - 70} ${y + h - 2}l40 46-6-46z` : `M${x + 70} ${y + h - 2}l-40 46 6-46z`;
  const line = stroke ? ` stroke="${stroke}" stroke-width="6"` : "";
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(48, h / 2)}" fill="${fill}"${line}/><path d="${tail}" fill="${fill}"/>`;
};

/** Three typing dots centred at (x, y). */
export const typing = (x: number, y: number, fill: string): string =>
  [-44, 0, 44].map((dx) => circle(x + dx, y, 14, fill)).join("");

/** A rounded bar, standing in for a line of text. */
export const bar = (x: number, y: number, w: number, fill: string, h = 18): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${fill}"/>`;

/** A faceless, friendly head-and-shoulders figure; (x, y) is the centre of the head. */
export const person = (
  x: number,
  y: number,
  s: number,
  skin: string,
  hair: string,
  top: string,
  long = false,
): string =>
  `<g transform="translate(${x} ${y}) scale(${s})">` +
  (long ? `<path d="M-46-6c0-40 20-62 46-62s46 22 46 62v58h-92z" fill="${hair}"/>` : "") +
  `<path d="M-80 150c0-62 36-92 80-92s80 30 80 92z" fill="${top}"/>` +
  `<rect x="-16" y="30" width="32" height="36" rx="12" fill="${skin}"/>` +
  `<circle cx="0" cy="0" r="44" fill="${skin}"/>` +
  `<path d="M-46 -4c-2-38 22-58 48-58 30 0 48 22 44 54-16-18-40-26-66-24-12 1-20 10-26 28z" fill="${hair}"/>` +
  `<circle cx="-26" cy="16" r="7" fill="${CORAL}" opacity=".45"/><circle cx="26" cy="16" r="7" fill="${CORAL}" opacity=".45"/>` +
  `</g>`;

/** A leafy sprig growing up from (x, y). */
export const sprig = (x: number, y: number, s: number, fill: string): string =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><path d="M0 0V-150" stroke="${fill}" stroke-width="6" fill="none"/>` +
  `<path d="M0-40c-30-6-50-26-52-52 28 2 48 22 52 52z"/><path d="M0-80c30-6 50-26 52-52-28 2-48 22-52 52z"/>` +
  `<path d="M0-120c-24-6-38-22-40-42 22 2 36 18 40 42z"/></g>`;

/** A fluffy cloud. */
export const cloud = (x: number, y: number, s: number, fill = WHITE, opacity = 1): string =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M-70 20a30 30 0 0 1 6-58 42 42 0 0 1 78-14 34 34 0 0 1 54 28 26 26 0 0 1 2 44z" fill="${fill}" opacity="${opacity}"/>`;

export const background = (from: string, to: string): string =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
  `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`;
