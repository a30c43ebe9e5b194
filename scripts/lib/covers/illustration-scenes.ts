// The illustrations used inside the sample articles, on the covers' 1200x675 canvas.
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
  bubble,
  bar,
  person,
  sprig,
  background,
} from "./shapes.ts";

export const ILLUSTRATION_SCENES: Record<string, () => string> = {
  // Inline illustration: a folded city map with a route to a café.
  "date-map": () =>
    background("#e6f8ef", "#fff0e6") +
    `<path d="M140 150l300-60 320 60 300-60v430l-300 60-320-60-300 60z" fill="${WHITE}"/>` +
    `<path d="M440 90v430l320 60V150z" fill="#f7f1f4"/>` +
    `<path d="M170 380c80-40 160-20 220 20s90 40 140 10" fill="none" stroke="${LAVENDER}" stroke-width="34" stroke-linecap="round" opacity=".8"/>` +
    `<path d="M800 200c60-20 150 0 170 60s-40 110-110 100-110-50-100-100 10-50 40-60z" fill="${MINT}"/>` +
    circle(840, 260, 22, "#6fcba3") +
    circle(900, 300, 18, "#6fcba3") +
    circle(880, 240, 14, "#6fcba3") +
    `<g stroke="#f1dbe5" stroke-width="16" stroke-linecap="round" fill="none"><path d="M160 250h880"/><path d="M320 120v420"/><path d="M620 110v460"/><path d="M170 470l860-60"/></g>` +
    `<path d="M300 470C330 360 420 320 520 330s120-40 90-110" fill="none" stroke="${ROSE}" stroke-width="10" stroke-dasharray="20 16" stroke-linecap="round"/>` +
    `<path d="M960 470C920 400 820 380 740 360s-90-80-120-140" fill="none" stroke="${CORAL}" stroke-width="10" stroke-dasharray="20 16" stroke-linecap="round"/>` +
    pin(300, 480, 0.9, ROSE) +
    pin(960, 480, 0.9, CORAL) +
    `<g transform="translate(620 210)"><path d="M0 0C-34-42-60-74-60-108a60 60 0 0 1 120 0c0 34-26 66-60 108z" fill="${PLUM}"/>` +
    circle(0, -108, 40, WHITE) +
    `<path d="M-22-122h40l-5 34a8 8 0 0 1-8 7h-14a8 8 0 0 1-8-7z" fill="${ROSE}"/>` +
    `<path d="M18-114h6a9 9 0 0 1 0 18h-8" fill="none" stroke="${ROSE}" stroke-width="5"/></g>` +
    sparkle(700, 70, 0.9, ROSE) +
    sparkle(1100, 80, 1.1, ROSE, 0.7) +
    sparkle(90, 600, 1, CORAL),

  // Inline illustration: a fan of three prompt cards.
  "conversation-prompts": () =>
    background(WHITE, SOFT_PINK) +
    [
      [-12, LAVENDER, `${bubble(-46, -150, 92, 62, WHITE)}`],
      [0, PEACH, `${heart(0, -118, 0.55, WHITE)}`],
      [12, MINT, `${sparkle(0, -118, 1.7, WHITE)}`],
    ]
      .map(
        ([angle, colour, icon], i) =>
          `<g transform="translate(${360 + i * 240} ${360}) rotate(${angle})">` +
          `<rect x="-150" y="-210" width="300" height="400" rx="34" fill="${WHITE}" stroke="#f0dde6" stroke-width="6"/>` +
          `<rect x="-150" y="-210" width="300" height="190" rx="34" fill="${colour}"/><rect x="-150" y="-60" width="300" height="40" fill="${colour}"/>` +
          `<g transform="translate(0 0)">${icon}</g>` +
          bar(-110, 20, 220, ROSE, 22) +
          bar(-110, 66, 190, "#f1dbe5") +
          bar(-110, 104, 150, "#f1dbe5") +
          `</g>`,
      )
      .join("") +
    sparkle(140, 120, 1.3, CORAL) +
    sparkle(1070, 560, 1.2, ROSE, 0.7) +
    confetti(
      [
        [1080, 110, 12],
        [110, 560, 10],
        [600, 640, 8],
      ],
      LAVENDER,
      0.9,
    ),

  // Inline illustration: a laptop on a video call between two people.
  "video-call": () =>
    background("#efe8ff", "#fff0e6") +
    blob(600, 330, 2.6, WHITE, 0.45) +
    `<rect x="250" y="90" width="700" height="440" rx="30" fill="${PLUM}"/>` +
    `<rect x="274" y="114" width="652" height="392" rx="16" fill="${SOFT_PINK}"/>` +
    `<clipPath id="left"><rect x="286" y="126" width="308" height="310" rx="14"/></clipPath>` +
    `<clipPath id="right"><rect x="606" y="126" width="308" height="310" rx="14"/></clipPath>` +
    `<g clip-path="url(#left)"><rect x="286" y="126" width="308" height="310" fill="${PEACH}"/>${sprig(330, 440, 0.9, MINT)}${person(440, 260, 1.15, SKIN_DEEP, PLUM, ROSE, true)}</g>` +
    `<g clip-path="url(#right)"><rect x="606" y="126" width="308" height="310" fill="${LAVENDER}"/>${circle(860, 170, 34, WHITE, 0.5)}${person(760, 260, 1.15, PEACH, DARK_ROSE, MINT)}</g>` +
    circle(520, 472, 22, WHITE) +
    circle(600, 472, 24, ROSE) +
    circle(680, 472, 22, WHITE) +
    `<rect x="588" y="468" width="24" height="8" rx="4" fill="${WHITE}"/>` +
    `<path d="M170 530h860l-40 50H210z" fill="${DARK_ROSE}"/><rect x="540" y="530" width="120" height="14" rx="7" fill="${PLUM}" opacity=".5"/>` +
    heart(1030, 200, 0.7, ROSE) +
    heart(1080, 120, 0.4, CORAL, 0.8) +
    heart(170, 240, 0.5, CORAL, 0.7) +
    sparkle(140, 130, 1.2, ROSE, 0.6) +
    sparkle(1070, 420, 1, LAVENDER) +
    confetti(
      [
        [100, 420, 9],
        [1110, 600, 10],
        [980, 70, 8],
      ],
      PEACH,
      0.9,
    ),
};
