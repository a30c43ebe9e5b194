import * as React from "react";
import type { DocumentData, Firestore } from "firebase/firestore";
import { errorInWords } from "../api";
import { browserTimeZone } from "../editor/schedule-time";
import { followHistory, type HistoryLists } from "./history-store";
import { actorWords, eventWords, whenWords, type HistoryEvent } from "./history-words";
import * as styles from "../editor/editor.module.css";

// The History of one article: its versions, newest first, each with who saved it and when, and its
// events. Opening a version shows it in the preview; "Restore this version" makes it the newest.

export interface HistoryPanelProps {
  db: Firestore;
  id: string;
  /** The version shown in the preview, if one is. */
  opened: number | null;
  onOpen(version: DocumentData): void;
  onShowMine(): void;
  onRestore(version: number): Promise<void>;
  /** The id of the element, for the button that shows it. */
  elementId: string;
}

export function HistoryPanel({
  db,
  id,
  opened,
  onOpen,
  onShowMine,
  onRestore,
  elementId,
}: HistoryPanelProps): JSX.Element {
  const [lists, setLists] = React.useState<HistoryLists>({ versions: [], events: [], ready: false });
  const [problem, setProblem] = React.useState<string | null>(null);
  const [restoring, setRestoring] = React.useState(false);
  const zone = browserTimeZone();
  React.useEffect(() => followHistory(db, id, setLists, (error) => setProblem(errorInWords(error).message)), [db, id]);

  return (
    <section id={elementId} className={styles.history} aria-label="History">
      <h2>History</h2>
      {problem && <p className="problem">{problem}</p>}
      {!lists.ready && !problem && <p role="status">Reading the history…</p>}
      {opened !== null && (
        <div className={styles.opened} role="status">
          <p>Version {opened} is shown in the preview. Your text in the editor is unchanged.</p>
          <div className={styles.buttons}>
            <button
              type="button"
              className="primary"
              disabled={restoring}
              onClick={() => {
                setRestoring(true);
                void onRestore(opened).finally(() => setRestoring(false));
              }}
            >
              Restore this version
            </button>
            <button type="button" onClick={onShowMine}>
              Show my text again
            </button>
          </div>
        </div>
      )}
      <div className={styles.historyLists}>
        <div>
          <h3>Versions</h3>
          {lists.ready && lists.versions.length === 0 && <p>No versions yet: the first save makes version 1.</p>}
          <ol className={styles.historyList} reversed>
            {lists.versions.map((version) => {
              const number = version.version as number;
              return (
                <li key={number}>
                  <button
                    type="button"
                    className={styles.linkButton}
                    aria-pressed={opened === number}
                    onClick={() => onOpen(version)}
                  >
                    Open version {number}
                  </button>
                  <span className={styles.meta}>
                    {version.imported === true
                      ? "adopted from the article as it was"
                      : `saved by ${actorWords(version.savedBy as never)}`}
                    , {whenWords(version.savedAt, zone)}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
        <div>
          <h3>Events</h3>
          {lists.ready && lists.events.length === 0 && (
            <p>Nothing has been done to this article through the console yet.</p>
          )}
          <ul className={styles.historyList}>
            {lists.events.map((event) => (
              <li key={event.key}>
                <span>{eventWords(event as HistoryEvent)}</span>
                <span className={styles.meta}>
                  by {actorWords(event.by as never)}, {whenWords(event.at, zone)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
