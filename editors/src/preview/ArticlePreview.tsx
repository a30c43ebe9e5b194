import * as React from "react";
import {
  BlockList,
  BodyClassesProvider,
  builtCoverPolicy,
  checkCoverUrl,
  type CoverImagePolicy,
} from "@kindred/article";
// The site's own article components and styles (option (a) of issue 41's preview): the title, hashtags,
// cover and date of ArticleView, and the body's markup of ArticleBody around the core's BlockList, so the
// preview is drawn exactly as the site draws an article, with nothing of the site changed.
import { ArticleView } from "../../../src/components/blog/ArticleView";
import * as articleStyles from "../../../src/components/blog/article.module.css";
import * as bodyStyles from "../../../src/components/article-body/article-body.module.css";
import { draftBody, type Highlighter, type LeftOutBlock } from "./draft-body";
import { loadHighlighter } from "./highlighter";
import * as styles from "./preview.module.css";

/** What the preview draws: the editor's fields as they are now, saved or not. */
export interface PreviewFields {
  title: string;
  categories: string[];
  featureImage: string;
  /** Editor.js output. */
  content: unknown;
  /** The page's "Updated" date (ISO 8601), null for an article never updated. */
  updatedOn?: string | null;
}

/** A block of the editor, by its place in `content.blocks` and its Editor.js id ("" if it has none). */
export interface BlockPlace {
  index: number;
  id: string;
}

export interface ArticlePreviewProps {
  fields: PreviewFields;
  /** What the bar above the article says it shows (the text being typed, or a version of the history). */
  showing: string;
  /** A drawn block was chosen, by a click or with Enter: put the cursor there. */
  onChooseBlock?(place: BlockPlace): void;
}

// The cover policy the site's build applies, when the console's build was given it (as the site's browser
// bundle is, by the source plugin). Without it the console cannot tell which hosts the build takes covers
// from, so it shows any http(s) cover and says nothing of its host, rather than refuse every one.
declare const __COVER_IMAGE_POLICY__: CoverImagePolicy | undefined;

/** The cover as the build would take it, or why not; any http(s) address when the policy is not known. */
function coverOf(featureImage: string): { url: string } | { refused: string } {
  if (typeof __COVER_IMAGE_POLICY__ !== "undefined") return checkCoverUrl(featureImage, builtCoverPolicy());
  let host = "";
  try {
    host = new URL(featureImage).host;
  } catch {
    // not a URL: refused below, in the core's words
  }
  return checkCoverUrl(featureImage, { hosts: host ? [host] : [], allowInsecure: true });
}

const leftOutWords = (left: LeftOutBlock): string => `Block ${left.block + 1} (${left.type}): ${left.reason}`;

/**
 * The article as the site will draw it. Each drawn block is one element of the body (BlockList draws
 * one per block); clicking one, or reaching it with Tab and the arrow keys and pressing Enter, names
 * the editor's block it came from.
 */
export function ArticlePreview({ fields, showing, onChooseBlock }: ArticlePreviewProps): JSX.Element {
  const [highlight, setHighlight] = React.useState<Highlighter | undefined>(undefined);
  const body = React.useMemo(() => draftBody(fields.content, highlight), [fields.content, highlight]);
  const hasCode = !highlight && body.blocks.some((block) => block.type === "code");
  // The first code block fetches the highlighter; until it arrives, code shows as plain text.
  React.useEffect(() => {
    if (!hasCode) return;
    let current = true;
    void loadHighlighter().then((loaded) => {
      if (current) setHighlight(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [hasCode]);
  const cover = coverOf(fields.featureImage);
  const warnings = [
    ...(body.problem ? [`The body ${body.problem}.`] : []),
    ...body.leftOut.map(leftOutWords),
    ...("refused" in cover && fields.featureImage.trim() !== ""
      ? [`The cover image ${cover.refused}; the article is built without a cover image.`]
      : []),
  ];
  const bodyElement = React.useRef<HTMLDivElement>(null);
  const [active, setActive] = React.useState(0);
  const choose = React.useRef(onChooseBlock);
  choose.current = onChooseBlock;
  const places = React.useRef(body);
  places.current = body;

  // One tab stop among the drawn blocks (a roving tabindex), set on the elements BlockList drew.
  React.useLayoutEffect(() => {
    const element = bodyElement.current;
    if (!element || !onChooseBlock) return;
    Array.from(element.children).forEach((child, index) => {
      (child as HTMLElement).tabIndex = index === Math.min(active, element.children.length - 1) ? 0 : -1;
    });
  });

  React.useEffect(() => {
    const element = bodyElement.current;
    if (!element) return undefined;
    /** The drawn block an event happened in, and its place among the drawn blocks. */
    const blockOf = (target: EventTarget | null): number => {
      let node = target instanceof Node ? target : null;
      while (node && node.parentNode !== element) node = node.parentNode;
      return node ? Array.prototype.indexOf.call(element.children, node) : -1;
    };
    const chosen = (drawn: number): void => {
      const { sources, ids } = places.current;
      if (drawn < 0 || sources[drawn] === undefined) return;
      setActive(drawn);
      choose.current?.({ index: sources[drawn], id: ids[drawn] ?? "" });
    };
    const onClick = (event: MouseEvent): void => {
      // A link in the body is followed, not taken for a choice of block.
      if (event.target instanceof Element && event.target.closest("a")) return;
      chosen(blockOf(event.target));
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      const drawn = blockOf(event.target);
      if (drawn < 0 || event.target !== element.children[drawn]) return;
      const move = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity }[event.key];
      if (move !== undefined) {
        event.preventDefault();
        const next = Math.max(0, Math.min(element.children.length - 1, drawn + move));
        setActive(next);
        (element.children[next] as HTMLElement).focus();
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        chosen(drawn);
      }
    };
    element.addEventListener("click", onClick);
    element.addEventListener("keydown", onKeyDown);
    return () => {
      element.removeEventListener("click", onClick);
      element.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return (
    <div className={styles.preview}>
      <div className={styles.bar}>
        <p>
          <strong>{showing}</strong>
          {onChooseBlock
            ? " · Click a block, or reach it with Tab and the arrow keys and press Enter, to edit it."
            : ""}
        </p>
        {warnings.length > 0 && (
          <details>
            <summary>
              The build will leave out {warnings.length === 1 ? "one thing" : `${warnings.length} things`}
            </summary>
            <ul>
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <ArticleView
        title={fields.title}
        categories={fields.categories}
        updatedOn={fields.updatedOn ?? null}
        // ArticleBody's markup (src/components/article-body/ArticleBody.tsx), without its links that
        // open site pages in place: the console is not the site.
        body={
          <div ref={bodyElement} className={bodyStyles.body} data-article-body="">
            <BodyClassesProvider value={bodyStyles}>
              <BlockList blocks={body.blocks} />
            </BodyClassesProvider>
          </div>
        }
        cover={
          "url" in cover ? (
            <img src={cover.url} alt="" className={articleStyles.cover} width={960} height={540} />
          ) : (
            <div className={articleStyles.cover} aria-hidden="true" />
          )
        }
      />
    </div>
  );
}
