import * as React from "react";
import { toast } from "react-toastify";
import { SLUG_PATTERN, type DraftFields } from "@kindred/article";
import type { DocumentData, Firestore } from "firebase/firestore";
import { errorInWords, restoreArticleVersion, saveArticle } from "../api";
import { services } from "../firebase";
import { HistoryPanel } from "../history/HistoryPanel";
import { actorWords, whenWords } from "../history/history-words";
import { ArticlePreview, type BlockPlace, type PreviewFields } from "../preview/ArticlePreview";
import { draftBody } from "../preview/draft-body";
import { Actions } from "./Actions";
import { fieldsOf, followArticle, openArticle, readVersion, slugTakenBy, type LiveArticle } from "./article-store";
import { createAutosave, type Autosave, type AutosaveState } from "./autosave";
import { BodyEditor, type BlockMark, type BodyEditorHandle } from "./BodyEditor";
import { categoriesOf, draftOf, formOf, saveWords, type Form } from "./draft-form";
import { FIELD_LABELS, reasonsByField, type ReasonsShown } from "./reasons";
import { browserTimeZone } from "./schedule-time";
import { slugFromTitle } from "./slug";
import * as styles from "./editor.module.css";

// One article in the editors' console (issue 41): its fields and its body in Editor.js, saved on their
// own as the editor types (autosave.ts), the preview beside them drawn by the site's own components,
// the publishing actions with the state followed live, and the history.

type Opened =
  | { kind: "opening" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; version: number; fields: DraftFields; updatedOn: string | null };

const NEW_ARTICLE: DraftFields = { title: "", slug: "", categories: [], featureImage: "", content: { blocks: [] } };

export function ArticleEditor({ id, onClose }: { id: string | null; onClose(): void }): JSX.Element {
  const [opened, setOpened] = React.useState<Opened>(() =>
    id === null ? { kind: "ready", version: 0, fields: NEW_ARTICLE, updatedOn: null } : { kind: "opening" },
  );
  React.useEffect(() => {
    if (id === null || !services) return undefined;
    let current = true;
    openArticle(services.db, id).then(
      (article) => current && setOpened({ kind: "ready", ...article }),
      (error: unknown) => current && setOpened({ kind: "failed", message: errorInWords(error).message }),
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (!services) return <p className="problem">The console is not set up.</p>;
  if (opened.kind === "opening") return <p role="status">Opening the article…</p>;
  if (opened.kind === "failed")
    return (
      <div className={styles.screen}>
        <p role="alert" className="problem">
          {opened.message}
        </p>
        <button type="button" onClick={onClose}>
          Back to the articles
        </button>
      </div>
    );
  return (
    <Editing
      db={services.db}
      id={id}
      version={opened.version}
      fields={opened.fields}
      updatedOn={opened.updatedOn}
      onClose={onClose}
    />
  );
}

interface EditingProps {
  db: Firestore;
  id: string | null;
  version: number;
  fields: DraftFields;
  updatedOn: string | null;
  onClose(): void;
}

function Editing({ db, id, version, fields, updatedOn, onClose }: EditingProps): JSX.Element {
  const [articleId, setArticleId] = React.useState(id);
  const [form, setForm] = React.useState(() => formOf(fields));
  const formNow = React.useRef(form);
  const [slugEdited, setSlugEdited] = React.useState(id !== null);
  const [saveState, setSaveState] = React.useState<AutosaveState>({ kind: "idle" });
  const [openVersion, setOpenVersion] = React.useState(version);
  const [reasons, setReasons] = React.useState<ReasonsShown>({ byField: {}, other: [] });
  const [live, setLive] = React.useState<LiveArticle>({ meta: null, status: null });
  const [tab, setTab] = React.useState<"write" | "preview">("write");
  const [historyShown, setHistoryShown] = React.useState(false);
  const [shownVersion, setShownVersion] = React.useState<DocumentData | null>(null);
  const [slugCheck, setSlugCheck] = React.useState<{ slug: string; takenBy: string | null } | null>(null);
  const autosave = React.useRef<Autosave | null>(null);
  const body = React.useRef<BodyEditorHandle>(null);
  const focusAfterTab = React.useRef<BlockPlace | null>(null);
  const previewPane = React.useRef<HTMLElement>(null);
  const showPreview = React.useRef(false);
  const ids = {
    write: React.useId(),
    history: React.useId(),
    writeTab: React.useId(),
    previewTab: React.useId(),
    preview: React.useId(),
  };

  // One autosave per mounted screen; what is unsaved when the screen closes is saved then.
  React.useEffect(() => {
    const instance = createAutosave({
      id,
      version,
      save: async (request) => (await saveArticle(request)).data,
      describe: errorInWords,
      onState: (state) => {
        setSaveState(state);
        if (state.kind === "saved") setReasons({ byField: {}, other: [] });
        if (state.kind === "refused") setReasons(reasonsByField(state.reasons));
      },
      onSaved: (answer) => {
        setArticleId(answer.id);
        setOpenVersion(answer.version);
        // A new article now has an address; replaceState changes it without reopening the screen.
        if (id === null) window.history.replaceState(null, "", `#/article/${encodeURIComponent(answer.id)}`);
      },
    });
    autosave.current = instance;
    return () => {
      autosave.current = null;
      void instance.saveNow().finally(() => instance.stop());
    };
  }, [id, version]);

  // The article's documents and state, live, once it exists.
  React.useEffect(() => {
    if (!articleId) return undefined;
    return followArticle(db, articleId, setLive, (error) => toast.error(errorInWords(error).message));
  }, [db, articleId]);

  /** Changes the form, and hands the draft to the autosave. */
  const update = React.useCallback((change: Partial<Form>) => {
    const next = { ...formNow.current, ...change };
    formNow.current = next;
    setForm(next);
    autosave.current?.change(draftOf(next));
  }, []);

  /** Shows another version's fields as the editor's own (after a conflict or a restore). */
  const showAsMine = React.useCallback(async (fields: DraftFields, newest: number) => {
    const next = formOf(fields);
    formNow.current = next;
    setForm(next);
    setSlugEdited(true);
    setOpenVersion(newest);
    autosave.current?.reload(newest);
    await body.current?.render(next.content);
  }, []);

  // Whether another article has the slug, asked as the editor types (after a short pause).
  React.useEffect(() => {
    const slug = form.slug.trim();
    if (!SLUG_PATTERN.test(slug)) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      slugTakenBy(db, slug, articleId).then(
        (takenBy) => current && setSlugCheck({ slug, takenBy }),
        () => undefined,
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [db, form.slug, articleId]);

  // After switching to the editor's tab on a phone, the cursor goes where the preview was clicked.
  React.useEffect(() => {
    const place = focusAfterTab.current;
    if (tab !== "write" || !place) return;
    focusAfterTab.current = null;
    body.current?.focusBlock(place.id || place.index);
  }, [tab]);

  // A version opened in the history is shown in the preview, below the history: taken there, focus and all.
  React.useEffect(() => {
    if (!shownVersion || !showPreview.current) return;
    showPreview.current = false;
    previewPane.current?.scrollIntoView({ block: "start" });
    previewPane.current?.focus({ preventScroll: true });
  }, [shownVersion]);

  const chooseBlock = React.useCallback(
    (place: BlockPlace) => {
      if (tab === "preview") {
        focusAfterTab.current = place;
        setTab("write");
      } else body.current?.focusBlock(place.id || place.index);
    },
    [tab],
  );

  const leftOut = React.useMemo(() => draftBody(form.content).leftOut, [form.content]);
  const marks = React.useMemo<BlockMark[]>(
    () =>
      leftOut.map(({ block, reason }) => ({
        block: form.content.blocks[block]?.id ?? block,
        words: `Not on the page as written: ${reason}`,
      })),
    [leftOut, form.content],
  );

  const slugProblems: string[] = [];
  const slug = form.slug.trim();
  if (slug && !SLUG_PATTERN.test(slug))
    slugProblems.push("Use lower-case letters and digits, words joined by single hyphens.");
  if (slugCheck && slugCheck.slug === slug && slugCheck.takenBy)
    slugProblems.push(`Slug "${slug}" is already used by another article (${slugCheck.takenBy}).`);

  const conflict = saveState.kind === "conflict" ? saveState : null;
  const zone = browserTimeZone();
  const previewFields: PreviewFields = shownVersion
    ? { ...fieldsOf(shownVersion), updatedOn }
    : {
        title: form.title,
        categories: categoriesOf(form.categories),
        featureImage: form.featureImage,
        content: form.content,
        updatedOn,
      };

  async function loadNewer(latest: number): Promise<void> {
    if (!articleId) return;
    try {
      await showAsMine(await readVersion(db, articleId, latest), latest);
      toast.info(`Version ${latest} is open. Your unsaved text was set aside.`);
    } catch (error) {
      toast.error(errorInWords(error).message);
    }
  }

  async function restore(restored: number): Promise<void> {
    if (!articleId) return;
    await autosave.current?.saveNow();
    try {
      const { data } = await restoreArticleVersion({ id: articleId, version: restored });
      await showAsMine(await readVersion(db, articleId, data.version), data.version);
      setShownVersion(null);
      toast.success(`Version ${restored} is restored as version ${data.version}, the newest. The editor shows it.`);
    } catch (error) {
      toast.error(errorInWords(error).message);
    }
  }

  return (
    <div className={styles.screen}>
      <div className={styles.head}>
        <button type="button" onClick={onClose}>
          Back to the articles
        </button>
        <h1>{articleId ? "Edit article" : "New article"}</h1>
      </div>
      <p className={styles.saveLine} role="status" aria-live="polite">
        {saveWords(saveState, openVersion)}
        {saveState.kind === "signed-out" && (
          <>
            {" "}
            <button type="button" onClick={() => autosave.current?.resume()}>
              Try again
            </button>
          </>
        )}
      </p>
      {reasons.other.length > 0 && (
        <ul className="problem">
          {reasons.other.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {conflict && (
        <div className={styles.conflict} role="alert">
          <p>{conflict.message}</p>
          <div className={styles.buttons}>
            <button type="button" onClick={() => void loadNewer(conflict.latest)}>
              Load the newer version
            </button>
            <button type="button" className="primary" onClick={() => autosave.current?.keepMine(conflict.latest)}>
              Save mine as newest
            </button>
          </div>
        </div>
      )}
      <Actions
        id={articleId}
        slug={slug}
        live={live}
        saveFirst={() => autosave.current?.saveNow() ?? Promise.resolve(false)}
      />
      {articleId && (
        <div className={styles.buttons}>
          <button
            type="button"
            aria-expanded={historyShown}
            aria-controls={ids.history}
            onClick={() => setHistoryShown((shown) => !shown)}
          >
            History
          </button>
        </div>
      )}
      {articleId && historyShown && (
        <HistoryPanel
          db={db}
          id={articleId}
          elementId={ids.history}
          opened={shownVersion ? (shownVersion.version as number) : null}
          onOpen={(shown) => {
            showPreview.current = true;
            setShownVersion(shown);
            setTab("preview");
          }}
          onShowMine={() => setShownVersion(null)}
          onRestore={restore}
        />
      )}
      <div className={styles.tabs} role="tablist" aria-label="Show">
        <button
          type="button"
          role="tab"
          id={ids.writeTab}
          aria-selected={tab === "write"}
          aria-controls={ids.write}
          onClick={() => setTab("write")}
        >
          Write
        </button>
        <button
          type="button"
          role="tab"
          id={ids.previewTab}
          aria-selected={tab === "preview"}
          aria-controls={ids.preview}
          onClick={() => setTab("preview")}
        >
          Preview
        </button>
      </div>
      <div className={styles.panes} data-tab={tab}>
        <div id={ids.write} className={styles.writePane}>
          <Field
            label={FIELD_LABELS.title}
            value={form.title}
            problems={reasons.byField.title}
            onChange={(title) => update(slugEdited ? { title } : { title, slug: slugFromTitle(title) })}
          />
          <Field
            label={FIELD_LABELS.slug}
            value={form.slug}
            problems={[...slugProblems, ...(reasons.byField.slug ?? [])]}
            hint={slugEdited ? undefined : "Made from the title until you change it."}
            onChange={(typed) => {
              setSlugEdited(true);
              update({ slug: typed });
            }}
          />
          <Field
            label={FIELD_LABELS.categories}
            value={form.categories}
            problems={reasons.byField.categories}
            hint="Separated by commas, such as First Dates, Safety."
            onChange={(categories) => update({ categories })}
          />
          <Field
            label={FIELD_LABELS.featureImage}
            type="url"
            value={form.featureImage}
            problems={reasons.byField.featureImage}
            onChange={(featureImage) => update({ featureImage })}
          />
          <section className={styles.bodyRegion} aria-label={FIELD_LABELS.content}>
            <h2 className={styles.bodyHeading}>{FIELD_LABELS.content}</h2>
            <Problems problems={reasons.byField.content} />
            <BodyEditor ref={body} initial={form.content} marks={marks} onChange={(content) => update({ content })} />
          </section>
        </div>
        {/* On wide screens the preview scrolls on its own (editor.module.css): it takes the focus so that the
            keyboard scrolls it as the mouse does (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <section ref={previewPane} id={ids.preview} className={styles.previewPane} aria-label="Preview" tabIndex={0}>
          <ArticlePreview
            fields={previewFields}
            showing={
              shownVersion
                ? `Version ${String(shownVersion.version)}, saved by ${actorWords(shownVersion.savedBy as never)}, ${whenWords(shownVersion.savedAt, zone)}`
                : "Preview: as readers will see it, saved or not"
            }
            onChooseBlock={shownVersion ? undefined : chooseBlock}
          />
        </section>
      </div>
    </div>
  );
}

function Problems({ problems, id }: { problems?: readonly string[]; id?: string }): JSX.Element | null {
  if (!problems || problems.length === 0) return null;
  return (
    <ul id={id} className={`problem ${styles.problems}`}>
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}

function Field({
  label,
  value,
  onChange,
  problems = [],
  hint,
  type = "text",
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  problems?: readonly string[];
  hint?: string;
  type?: "text" | "url";
}): JSX.Element {
  const id = React.useId();
  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  const describedBy = [hint ? hintId : "", problems.length > 0 ? problemsId : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        spellCheck={type === "text"}
        aria-invalid={problems.length > 0}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <Problems id={problemsId} problems={problems} />
    </div>
  );
}
