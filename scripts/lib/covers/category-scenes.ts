// The sample covers, one scene per category theme, each drawn on a 1200x675 canvas.
import {
  ROSE,
  DARK_ROSE,
  SOFT_PINK,
  PLUM,
  PEACH,
  CORAL,
  LAVENDER,
  MINT,
  WHITE,
  SKIN_DEEP,
  heart,
  sparkle,
  circle,
  confetti,
  blob,
  pin,
  cup,
  bubble,
  typing,
  bar,
  person,
  sprig,
  cloud,
  background,
} from "./shapes.ts";

export const CATEGORY_SCENES: Record<string, () => string> = {
  // A checklist card beside a heart-shaped light bulb.
  "dating-tips": () =>
    background(SOFT_PINK, "#ffe0d6") +
    blob(860, 330, 2.2, PEACH, 0.35) +
    blob(330, 380, 1.9, LAVENDER, 0.35) +
    `<g transform="rotate(-6 360 340)"><rect x="170" y="140" width="390" height="420" rx="36" fill="${WHITE}"/>` +
    `<rect x="170" y="140" width="390" height="70" rx="36" fill="${ROSE}"/><rect x="170" y="180" width="390" height="30" fill="${ROSE}"/>` +
    [0, 1, 2]
      .map((i) => {
        const y = 270 + i * 95;
        return (
          `<circle cx="235" cy="${y}" r="28" fill="${i < 2 ? MINT : "#f3e6ec"}"/>` +
          (i < 2
            ? `<path d="M220 ${y}l11 11 20-22" fill="none" stroke="${PLUM}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`
            : "") +
          bar(285, y - 20, 220, i < 2 ? "#f1d3df" : LAVENDER) +
          bar(285, y + 8, 150, "#f6e5ec", 14)
        );
      })
      .join("") +
    `</g>` +
    `<g transform="translate(830 300)">` +
    circle(0, -20, 200, WHITE, 0.45) +
    heart(0, -40, 2.9, ROSE) +
    `<path d="M-36 78h72v28a12 12 0 0 1-12 12h-48a12 12 0 0 1-12-12z" fill="${PLUM}"/>` +
    `<rect x="-44" y="60" width="88" height="22" rx="11" fill="${DARK_ROSE}"/><rect x="-24" y="118" width="48" height="14" rx="7" fill="${PLUM}"/>` +
    `<path d="M-70-80a60 60 0 0 1 40-40" fill="none" stroke="${WHITE}" stroke-width="14" stroke-linecap="round" opacity=".6"/>` +
    [
      [-190, -170, -150, -210],
      [190, -170, 150, -210],
      [-230, -30, -180, -30],
      [230, -30, 180, -30],
    ]
      .map(
        ([x1, y1, x2, y2]) =>
          `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${PEACH}" stroke-width="14" stroke-linecap="round"/>`,
      )
      .join("") +
    `</g>` +
    sparkle(1060, 130, 1.6, CORAL) +
    sparkle(640, 110, 1.1, LAVENDER) +
    sparkle(1080, 540, 1.2, ROSE, 0.7) +
    confetti(
      [
        [110, 110, 10],
        [620, 600, 12],
        [1010, 620, 9],
        [700, 230, 8],
        [120, 600, 14],
      ],
      CORAL,
      0.6,
    ),

  // Two cups on a café table, their steam meeting in a heart.
  "first-dates": () =>
    background("#fff0e6", "#ffe1ea") +
    `<path d="M380 470V200a220 220 0 0 1 440 0v270z" fill="${WHITE}" opacity=".7"/>` +
    `<path d="M600 -10v80" stroke="${PLUM}" stroke-width="6"/><path d="M560 120a40 40 0 0 1 80 0z" fill="${DARK_ROSE}"/><circle cx="600" cy="128" r="12" fill="${PEACH}"/>` +
    circle(600, 150, 70, PEACH, 0.25) +
    sprig(215, 520, 1.5, MINT) +
    sprig(250, 525, 1.1, "#6fcba3") +
    `<path d="M170 520h130l-16 80h-98z" fill="${CORAL}"/>` +
    `<rect x="120" y="595" width="960" height="30" rx="15" fill="${DARK_ROSE}"/>` +
    cup(470, 592, 1.05, ROSE, PEACH) +
    cup(760, 592, 1.05, CORAL, LAVENDER, true) +
    `<g fill="none" stroke="${ROSE}" stroke-width="10" stroke-linecap="round" opacity=".35">` +
    `<path d="M470 425c-25-30 25-50 0-80s40-60 110-66"/><path d="M760 425c25-30-25-50 0-80s-40-60-110-66"/></g>` +
    heart(615, 255, 1.2, ROSE) +
    `<ellipse cx="960" cy="588" rx="80" ry="12" fill="${WHITE}"/>` +
    circle(935, 568, 26, PEACH) +
    circle(985, 572, 22, "#f29a80") +
    confetti(
      [
        [928, 560, 4],
        [944, 574, 4],
        [980, 566, 4],
      ],
      DARK_ROSE,
      0.7,
    ) +
    sparkle(860, 180, 1.2, ROSE, 0.8) +
    sparkle(340, 160, 0.9, CORAL) +
    confetti(
      [
        [1000, 120, 10],
        [200, 120, 8],
        [1100, 300, 12],
        [90, 330, 9],
      ],
      LAVENDER,
      0.8,
    ),

  // Two people on a bench under a tree, a heart between them.
  relationships: () =>
    background("#ffe6ef", "#ece4ff") +
    circle(960, 150, 80, PEACH, 0.7) +
    `<rect x="0" y="560" width="1200" height="115" fill="${MINT}" opacity=".55"/>` +
    `<rect x="250" y="250" width="34" height="320" rx="14" fill="${DARK_ROSE}"/>` +
    circle(230, 220, 120, MINT) +
    circle(320, 170, 90, "#7fd6b0") +
    circle(170, 140, 70, "#b4ecd3") +
    person(545, 300, 1.2, PEACH, PLUM, ROSE, true) +
    person(735, 300, 1.2, SKIN_DEEP, PLUM, LAVENDER) +
    `<rect x="400" y="440" width="480" height="40" rx="14" fill="${PLUM}"/>` +
    `<rect x="380" y="480" width="520" height="28" rx="12" fill="${PLUM}" opacity=".85"/>` +
    `<rect x="420" y="505" width="22" height="75" fill="${PLUM}"/><rect x="840" y="505" width="22" height="75" fill="${PLUM}"/>` +
    heart(640, 150, 1.1, ROSE) +
    heart(700, 95, 0.55, CORAL, 0.9) +
    heart(590, 80, 0.4, ROSE, 0.6) +
    sparkle(1050, 420, 1.3, WHITE) +
    sparkle(880, 260, 0.9, CORAL, 0.8) +
    confetti(
      [
        [1100, 560, 10],
        [980, 620, 8],
        [60, 610, 9],
      ],
      ROSE,
      0.5,
    ),

  // A phone showing a profile card, with chat bubbles and hearts floating out.
  "online-dating": () =>
    background("#efe8ff", "#ffe1ea") +
    blob(600, 350, 2.4, WHITE, 0.45) +
    `<g transform="rotate(-5 600 340)"><rect x="470" y="70" width="260" height="540" rx="44" fill="${PLUM}"/>` +
    `<rect x="486" y="86" width="228" height="508" rx="32" fill="${SOFT_PINK}"/><rect x="560" y="100" width="80" height="14" rx="7" fill="${PLUM}"/>` +
    `<rect x="506" y="140" width="188" height="290" rx="24" fill="${LAVENDER}"/>` +
    `<g transform="translate(600 250) scale(.95)">${person(0, 0, 1, PEACH, DARK_ROSE, CORAL, true)}</g>` +
    `<rect x="506" y="392" width="188" height="38" fill="${LAVENDER}"/>` +
    bar(520, 448, 130, "#e8d6df") +
    bar(520, 478, 90, "#f1e5eb", 14) +
    circle(550, 540, 30, WHITE) +
    `<path d="M538 528l24 24m0-24l-24 24" stroke="${PLUM}" stroke-width="7" stroke-linecap="round"/>` +
    circle(650, 540, 30, ROSE) +
    heart(650, 541, 0.36, WHITE) +
    `</g>` +
    bubble(130, 150, 260, 110, WHITE) +
    typing(260, 205, ROSE) +
    bubble(820, 220, 250, 100, ROSE, true) +
    heart(945, 268, 0.55, WHITE) +
    bubble(780, 420, 210, 90, WHITE, true) +
    bar(815, 455, 120, LAVENDER) +
    heart(330, 470, 0.9, CORAL) +
    heart(250, 560, 0.5, ROSE, 0.7) +
    heart(1050, 110, 0.6, CORAL, 0.8) +
    circle(738, 88, 22, CORAL) +
    sparkle(1090, 560, 1.2, ROSE, 0.7) +
    sparkle(110, 380, 1, LAVENDER),

  // A shield with a tick, a padlock, a map pin and a phone sharing its location.
  safety: () =>
    background("#e6f8ef", "#ece4ff") +
    circle(600, 330, 250, WHITE, 0.4) +
    circle(600, 330, 200, WHITE, 0.4) +
    `<path d="M600 100l200 74v150c0 128-86 212-200 254-114-42-200-126-200-254V174z" fill="${PLUM}"/>` +
    `<path d="M600 140l162 60v124c0 104-68 176-162 212-94-36-162-108-162-212V200z" fill="${MINT}"/>` +
    `<path d="M600 140l162 60v124c0 104-68 176-162 212z" fill="#7fd6b0"/>` +
    `<path d="M522 340l54 54 104-108" fill="none" stroke="${PLUM}" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<g transform="translate(220 300)"><path d="M-44-20v-34a44 44 0 0 1 88 0v34" fill="none" stroke="${DARK_ROSE}" stroke-width="18"/>` +
    `<rect x="-70" y="-24" width="140" height="120" rx="22" fill="${ROSE}"/><circle cx="0" cy="24" r="14" fill="${WHITE}"/><rect x="-6" y="28" width="12" height="34" rx="6" fill="${WHITE}"/></g>` +
    `<g transform="rotate(8 990 360)"><rect x="910" y="210" width="160" height="300" rx="30" fill="${PLUM}"/><rect x="922" y="222" width="136" height="276" rx="22" fill="${SOFT_PINK}"/>` +
    circle(990, 360, 60, LAVENDER, 0.5) +
    circle(990, 360, 34, LAVENDER, 0.8) +
    pin(990, 385, 0.6, CORAL) +
    `</g>` +
    `<g fill="none" stroke="${ROSE}" stroke-width="8" stroke-linecap="round" opacity=".6"><path d="M1110 250a80 80 0 0 1 0 110"/><path d="M1140 220a120 120 0 0 1 0 170"/></g>` +
    sparkle(360, 120, 1.3, CORAL) +
    sparkle(840, 600, 1.1, ROSE, 0.7) +
    sparkle(140, 560, 1, LAVENDER) +
    confetti(
      [
        [80, 120, 10],
        [1120, 110, 12],
        [420, 610, 9],
        [760, 90, 8],
      ],
      PEACH,
      0.9,
    ),

  // A warm sun over a potted plant with heart-shaped leaves.
  "self-love": () =>
    background("#fff4df", "#ffe1ea") +
    `<g transform="translate(600 290)">${circle(0, 0, 230, PEACH, 0.25)}${circle(0, 0, 170, PEACH)}` +
    `<g stroke="${PEACH}" stroke-width="18" stroke-linecap="round">` +
    Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6 + Math.PI / 12;
      const f = (r: number): string => `${(r * Math.cos(a)).toFixed(1)}`;
      const g = (r: number): string => `${(r * Math.sin(a)).toFixed(1)}`;
      return `<line x1="${f(205)}" y1="${g(205)}" x2="${f(255)}" y2="${g(255)}"/>`;
    }).join("") +
    `</g></g>` +
    `<path d="M600 540V330" stroke="#4fb88b" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M600 470c-40-10-80-40-90-80" stroke="#4fb88b" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M600 430c40-10 80-40 90-90" stroke="#4fb88b" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<g transform="rotate(-35 505 385)">${heart(505, 385, 0.8, MINT)}</g>` +
    `<g transform="rotate(35 695 335)">${heart(695, 335, 0.8, MINT)}</g>` +
    heart(600, 300, 1.15, ROSE) +
    `<path d="M480 520h240l-28 130H508z" fill="${CORAL}"/><rect x="462" y="508" width="276" height="40" rx="14" fill="${DARK_ROSE}"/>` +
    cup(930, 640, 0.8, LAVENDER, WHITE) +
    `<path d="M930 500c-20-30 20-40 0-70" stroke="${WHITE}" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    sprig(250, 650, 1.4, MINT) +
    sprig(290, 650, 1, "#6fcba3") +
    sparkle(980, 150, 1.4, ROSE, 0.7) +
    sparkle(220, 170, 1.2, CORAL) +
    sparkle(860, 330, 0.8, WHITE) +
    confetti(
      [
        [110, 90, 10],
        [1100, 420, 12],
        [400, 110, 8],
        [1080, 80, 9],
      ],
      LAVENDER,
      0.9,
    ),

  // Two big chat bubbles in conversation.
  communication: () =>
    background("#ffe6ef", "#e8f0ff") +
    blob(360, 300, 1.9, WHITE, 0.5) +
    blob(860, 420, 1.8, LAVENDER, 0.3) +
    bubble(200, 130, 460, 200, ROSE) +
    typing(430, 230, WHITE) +
    bubble(520, 370, 460, 190, WHITE, true) +
    heart(700, 462, 0.8, CORAL) +
    bar(770, 430, 150, LAVENDER, 22) +
    bar(770, 475, 100, "#f1dbe5", 22) +
    bubble(880, 110, 170, 90, MINT, true) +
    heart(965, 152, 0.45, PLUM, 0.85) +
    bubble(130, 430, 190, 90, PEACH) +
    bar(170, 466, 110, WHITE, 18) +
    `<g fill="none" stroke="${ROSE}" stroke-width="8" stroke-linecap="round" opacity=".45"><path d="M1080 330a60 60 0 0 1 0 90"/><path d="M1110 300a100 100 0 0 1 0 150"/></g>` +
    sparkle(700, 90, 1.2, CORAL) +
    sparkle(420, 600, 1, ROSE, 0.6) +
    sparkle(1100, 600, 1.3, LAVENDER) +
    confetti(
      [
        [90, 100, 10],
        [1010, 620, 9],
        [80, 620, 8],
        [560, 350, 7],
      ],
      CORAL,
      0.6,
    ),

  // A globe with a dotted flight path joining two pins.
  "long-distance": () =>
    background("#e8f0ff", "#ffe6ef") +
    cloud(200, 140, 1.2, WHITE, 0.9) +
    cloud(1020, 120, 0.9, WHITE, 0.9) +
    cloud(1060, 560, 0.8, WHITE, 0.7) +
    `<g transform="translate(600 470)">${circle(0, 0, 250, LAVENDER)}` +
    `<clipPath id="globe"><circle cx="0" cy="0" r="250"/></clipPath><g clip-path="url(#globe)" fill="${MINT}">` +
    `<path d="M-230-80c40-40 100-60 140-30s20 70-20 90-40 70-90 70-80-40-60-80z"/>` +
    `<path d="M40-170c60-20 140 10 160 60s-20 80-70 70-40 50-90 40-60-50-40-90 0-70 40-80z"/>` +
    `<path d="M-20 90c40-20 100-10 120 30s-20 90-80 100-80-20-80-60 10-60 40-70z"/></g>` +
    `<circle cx="0" cy="0" r="250" fill="none" stroke="${WHITE}" stroke-width="10" opacity=".6"/></g>` +
    `<path d="M300 330C360 80 840 80 900 330" fill="none" stroke="${PLUM}" stroke-width="8" stroke-dasharray="22 18" stroke-linecap="round" opacity=".7"/>` +
    pin(300, 345, 1.1, CORAL) +
    pin(900, 345, 1.1, ROSE) +
    `<g transform="translate(640 135) rotate(8)"><path d="M-60 0L70-40 20 40 0 10z" fill="${WHITE}"/><path d="M-60 0L0 10 20 40z" fill="#e5dcf7"/><path d="M0 10L70-40 10 18z" fill="#f4eefe"/></g>` +
    heart(600, 300, 0.9, ROSE) +
    heart(520, 250, 0.45, CORAL, 0.8) +
    heart(690, 260, 0.35, ROSE, 0.6) +
    sparkle(120, 420, 1.2, ROSE, 0.6) +
    sparkle(1090, 330, 1.1, CORAL) +
    confetti(
      [
        [90, 600, 9],
        [1120, 220, 8],
        [430, 620, 10],
        [800, 640, 8],
      ],
      PEACH,
      0.9,
    ),
};
