// Generated article titles and search queries for the search index's equivalence test and its
// benchmark: several scripts, accents in both normal forms, emoji, and the words of the blog.

const WORDS = {
  english: [
    "date",
    "dating",
    "first",
    "message",
    "love",
    "relationship",
    "tips",
    "safety",
    "coffee",
    "walk",
    "match",
    "profile",
    "honest",
    "long",
    "distance",
    "trust",
    "weekend",
    "modern",
    "romance",
    "plan",
    "call",
    "video",
    "meet",
    "online",
    "story",
    "questions",
    "how",
    "to",
    "the",
    "a",
    "of",
    "and",
    "your",
    "with",
    "for",
    "after",
    "before",
  ],
  accented: [
    "café",
    "naïve",
    "fiancée",
    "señorita",
    "Über",
    "crème",
    "brûlée",
    "piñata",
    "résumé",
    "amour",
    "rendez-vous",
    "déjà",
    "Ångström",
  ],
  hindi: ["प्यार", "डेट", "रिश्ता", "दोस्ती", "पहली", "मुलाकात", "दिल", "बातचीत", "सुरक्षा", "शादी"],
  cyrillic: ["Любовь", "свидание", "Первое", "встреча", "доверие"],
  greek: ["Αγάπη", "ραντεβού", "ΠΡΏΤΟ", "εμπιστοσύνη"],
  cjk: ["恋爱", "约会", "第一次", "信任", "デート", "恋人"],
  emoji: ["❤️", "💘", "☕", "🌹", "👩‍❤️‍👨", "🇮🇳", "😀"],
  turkish: ["İstanbul", "ılık", "KIZ", "Iğdır"],
};
const POOLS = Object.values(WORDS);

/** A small fast PRNG (mulberry32), so every run sees the same titles. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** `count` titles of 3 to 9 words, mostly English with words of other scripts mixed in; some decomposed. */
export function generatedTitles(count: number, seed = 27): string[] {
  const random = seededRandom(seed);
  const titles: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const words: string[] = [];
    const length = 3 + Math.floor(random() * 7);
    for (let w = 0; w < length; w += 1) {
      const word = pick(random, random() < 0.7 ? WORDS.english : pick(random, POOLS));
      words.push(random() < 0.15 ? word[0]!.toUpperCase() + word.slice(1) : word);
    }
    const title = words.join(" ") + (random() < 0.05 ? ` #${n}` : "");
    titles.push(random() < 0.2 ? title.normalize("NFD") : title);
  }
  return titles;
}

/** At least 200 queries: 1 and 2 characters, words, phrases, spaces, mixed case, both normal forms, no match. */
export function generatedQueries(titles: string[], seed = 72): string[] {
  const random = seededRandom(seed);
  const fixed = [
    "a",
    "e",
    "t",
    " ",
    "  ",
    "é",
    "e\u0301",
    "É",
    "da",
    "DA",
    "te",
    "ñ",
    "n\u0303",
    "प",
    "प्",
    "दि",
    "❤",
    "❤️",
    "💘",
    "🇮🇳",
    "😀",
    "👩‍❤️‍👨",
    "date",
    "DATE",
    "  first date  ",
    "Café",
    "cafe\u0301",
    "CAFÉ",
    "café crème",
    "NAÏVE",
    "naı",
    "i̇stanbul",
    "İstanbul",
    "ISTANBUL",
    "ılık",
    "KIZ",
    "प्यार",
    "पहली मुलाकात",
    "любовь",
    "ΑΓΆΠΗ",
    "πρώτο",
    "恋爱",
    "デート",
    "the date",
    "how to",
    "of the",
    "relationship tips",
    "zzzq",
    "no such title anywhere",
    "qx",
    "ξ",
    "🦄",
    "#1",
    "#99999",
    " #12",
    "dating dating",
    "tips tips tips",
  ];
  const queries = [...fixed];
  while (queries.length < 260) {
    const title = pick(random, titles);
    const length = 1 + Math.floor(random() * 14);
    const start = Math.floor(random() * Math.max(1, title.length - length));
    let query = title.slice(start, start + length);
    const form = random();
    if (form < 0.2) query = query.toUpperCase();
    else if (form < 0.35) query = query.normalize("NFD");
    else if (form < 0.45) query = query.normalize("NFC");
    if (random() < 0.15) query = `  ${query} `;
    queries.push(query);
  }
  return queries;
}
