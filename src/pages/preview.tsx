import * as React from "react";
import type { PageProps } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import type { BlogCardData } from "../components/blog/BlogCard";
import type { PreviewArticle } from "../lib/preview-article";
import { firebaseConfigFromEnv } from "../lib/firebase-config";
import * as styles from "../components/preview/preview.module.css";

// The editors' private preview of one article (docs/preview.md). The link's fragment holds the
// article's id and a custom token; nothing of it reaches a server but Firebase. The Firebase client,
// the sanitizer, the highlighter and the article's components load only here, after the page.

const ASK_AGAIN = "Ask for a new link in the editors' tool.";
const MESSAGES = {
  opening: "Opening the preview…",
  invalid: `This preview link is not valid. ${ASK_AGAIN}`,
  expired: `This preview link has expired. ${ASK_AGAIN}`,
  foreign: `This preview link is for another article. ${ASK_AGAIN}`,
  missing: "This article no longer exists.",
  unavailable: "Previews are not available on this site.",
} as const;

type Shown =
  | { kind: "message"; text: string }
  | {
      kind: "draft";
      article: PreviewArticle;
      similar: BlogCardData[];
      view: typeof import("../components/preview/PreviewView");
    }
  | { kind: "unpublishable"; field: string; message: string };

/** Loads everything the preview needs, lazily: none of it is in the page's first JavaScript. */
const loadPreview = () =>
  Promise.all([
    import("../lib/preview-client"),
    import("../lib/preview-article"),
    import("../lib/preview-similar"),
    import("../components/preview/PreviewView"),
  ]);

export default function PreviewPage({ location }: PageProps): JSX.Element {
  const [shown, setShown] = React.useState<Shown>({ kind: "message", text: MESSAGES.opening });

  React.useEffect(() => {
    const config = firebaseConfigFromEnv();
    if (!config.projectId) {
      setShown({ kind: "message", text: MESSAGES.unavailable });
      return undefined;
    }
    let ended = false;
    const cleanups: (() => void)[] = [];
    const end = (text: string): void => {
      ended = true;
      // Nothing of the draft stays on screen once the link no longer opens it.
      setShown({ kind: "message", text });
      for (const cleanup of cleanups.splice(0)) cleanup();
    };
    void loadPreview()
      .then(async ([client, drafts, similarModule, view]) => {
        const link = drafts.previewLinkParts(location.hash);
        if (!link) return end(MESSAGES.invalid);
        const claims = drafts.previewClaims(link.token);
        // Which refusal it is only chooses the words; the rules decide whether anything is shown.
        const refusal = (): string =>
          claims && claims.expires <= Date.now()
            ? MESSAGES.expired
            : claims && claims.article !== link.article
              ? MESSAGES.foreign
              : MESSAGES.invalid;
        let session: Awaited<ReturnType<typeof client.openPreview>>;
        try {
          session = await client.openPreview(config, link.article, link.token);
        } catch {
          return end(refusal());
        }
        if (ended) return void session.close();
        cleanups.push(() => void session.close());
        // A listener is not asked again when time passes: the page ends the preview itself.
        if (claims) {
          const timer = setTimeout(() => end(MESSAGES.expired), Math.max(0, claims.expires - Date.now()));
          cleanups.push(() => clearTimeout(timer));
        }
        let similarKey = "";
        let similar: BlogCardData[] = [];
        const unsubscribe = session.follow(
          (data) => {
            const draft = drafts.previewArticle(link.article, data);
            if (!draft.ok) {
              setShown({ kind: "unpublishable", ...draft.problem });
              return;
            }
            const { article } = draft;
            setShown({ kind: "draft", article, similar, view });
            const key = JSON.stringify([article.blogId, article.categories, article.lastUpdate]);
            if (key === similarKey) return;
            similarKey = key;
            void session
              .publishedSharing(article.categories)
              .then((documents) => {
                if (ended || key !== similarKey) return;
                similar = similarModule.similarCards(link.article, article, documents);
                setShown((current) => (current.kind === "draft" ? { ...current, similar } : current));
              })
              .catch(() => undefined);
          },
          (why) => end(why === "missing" ? MESSAGES.missing : refusal()),
        );
        cleanups.push(unsubscribe);
      })
      .catch(() => end(MESSAGES.invalid));
    return () => {
      ended = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
    };
  }, [location.hash]);

  return (
    <Layout>
      {/* For editors only: kept out of search engines (firebase.json sends X-Robots-Tag too). */}
      <Seo title="Preview" path="/preview" noindex />
      {shown.kind === "draft" ? (
        <shown.view.PreviewView article={shown.article} similar={shown.similar} />
      ) : (
        <div className={`container ${styles.message}`} role="status" aria-live="polite">
          {shown.kind === "message" ? (
            <p>{shown.text}</p>
          ) : (
            <p>
              This draft cannot be published yet: its field “{shown.field}” {shown.message}.
            </p>
          )}
        </div>
      )}
    </Layout>
  );
}
