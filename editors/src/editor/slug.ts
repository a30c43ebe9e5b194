import { MAX_SLUG_LENGTH } from "@kindred/article";

// The core (@kindred/article) judges a slug (SLUG_PATTERN, MAX_SLUG_LENGTH) but makes none: the
// console makes one from the title, within those rules, until the editor types a slug of their own.

/** Letters that do not decompose into a base letter and a mark, spelled as English readers spell them. */
const SPELLED: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
};

/**
 * The address a title makes: lower-case words of ASCII letters and digits joined by single hyphens
 * (the contract's SLUG_PATTERN), accents dropped, at most MAX_SLUG_LENGTH characters, cut after a
 * whole word when it can be. "" when the title has no such letter or digit.
 */
export function slugFromTitle(title: string): string {
  const words = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßæœøđðþłı]/g, (letter) => SPELLED[letter] ?? letter)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) return slug || word.slice(0, MAX_SLUG_LENGTH);
    slug = next;
  }
  return slug;
}
