// The items of the site's feed (rss.xml) as its writer, src/node/feed.ts, lays them out: one line per
// tag, each item between lines that read exactly "<item>" and "</item>". An item's text is escaped,
// and its body is sanitized HTML in CDATA, so neither line can occur inside one. The fast lane, which
// writes one item again, and a take-down, which takes items out, both find them here.

/** One item of the feed. */
export interface FeedItem {
  /** Where its "<item>" starts in the feed, and where its "</item>" ends (exclusive). */
  start: number;
  end: number;
  /** Its text, from "<item>" to "</item>". */
  text: string;
}

const OPEN = "\n<item>\n";
const CLOSE = "\n</item>";

/** The items of `feed`, in the order it lists them (newest first, as written). */
export function feedItems(feed: string): FeedItem[] {
  const items: FeedItem[] = [];
  for (let at = feed.indexOf(OPEN); at >= 0; at = feed.indexOf(OPEN, at + 1)) {
    const close = feed.indexOf(CLOSE, at);
    if (close < 0) break;
    const start = at + 1;
    const end = close + CLOSE.length;
    items.push({ start, end, text: feed.slice(start, end) });
  }
  return items;
}
