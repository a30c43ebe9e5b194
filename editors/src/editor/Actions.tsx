import * as React from "react";
import { toast } from "react-toastify";
import type { Timestamp } from "firebase/firestore";
import { errorInWords, publishArticle, scheduleArticle, stateOf, unpublishArticle, type ArticleState } from "../api";
import type { LiveArticle } from "./article-store";
import { Dialog } from "./Dialog";
import { browserTimeZone, instantOf, localInputOf, utcWords } from "./schedule-time";
import { liveUrl } from "./site-url";
import * as styles from "./editor.module.css";

// What an editor does to the article besides writing it: publish, unpublish, schedule and cancel a
// plan (the callables of docs/editors-api.md), with the state it is in followed live from
// articleStatus/{id} (queued, building, live, …) and a link to the live page once it is there. Every
// outcome is a toast, in words.

const asDate = (value: unknown): Date | null =>
  value && typeof (value as Timestamp).toDate === "function" ? (value as Timestamp).toDate() : null;

/** What each state means, for the line beside the badge. */
const STATE_WORDS: Record<ArticleState, string> = {
  draft: "Not published.",
  scheduled: "Waits for its publication time.",
  queued: "Waiting for a build of the site.",
  building: "The site is being built with it.",
  live: "On the site.",
  "not-published": "Not on the site.",
  failed: "The build carrying it failed; the site is unchanged.",
};

export interface ActionsProps {
  /** Null until the first save makes the article. */
  id: string | null;
  slug: string;
  live: LiveArticle;
  /** Saves what is unsaved; false when it could not be saved. */
  saveFirst(): Promise<boolean>;
}

export function Actions({ id, slug, live, saveFirst }: ActionsProps): JSX.Element {
  const [busy, setBusy] = React.useState<string | null>(null);
  const [unpublishing, setUnpublishing] = React.useState(false);
  const [scheduling, setScheduling] = React.useState(false);
  const [keepPlace, setKeepPlace] = React.useState(false);
  const state = stateOf(live.meta ?? { published: false }, live.status);
  const publishAt = asDate(live.status?.publishAt) ?? asDate(live.meta?.publishAt);
  const isLive = live.meta?.published === true;
  const url = typeof live.status?.url === "string" && state === "live" ? live.status.url : null;
  const where = liveUrl(slug || "<slug>");
  const describedBy = React.useId();
  const zone = browserTimeZone();

  /** Runs one action, a toast for its outcome, the others held meanwhile. */
  async function act(name: string, action: () => Promise<string | null>): Promise<boolean> {
    setBusy(name);
    try {
      const words = await action();
      if (words) toast.success(words);
      return words !== null;
    } catch (error) {
      toast.error(errorInWords(error).message);
      return false;
    } finally {
      setBusy(null);
    }
  }

  const publish = (): Promise<boolean> =>
    act("publish", async () => {
      if (!id || !(await saveFirst())) {
        toast.error("The article could not be saved, so it was not published. The line under the title says why.");
        return null;
      }
      const keep = isLive && keepPlace;
      const { data } = await publishArticle({ id, keepPlace: keep });
      return keep
        ? `Version ${data.version} is on its way to the site, in its place in the blog. It will appear at ${where}.`
        : `Version ${data.version} is on its way to the site. It will appear at ${where}.`;
    });

  const cancelSchedule = (): Promise<boolean> =>
    act("cancel", async () => {
      if (!id) return null;
      await scheduleArticle({ id, publishAt: null });
      return "The planned publication is cancelled.";
    });

  return (
    <section className={styles.actions} aria-label="Publishing">
      <p className={styles.stateLine} role="status">
        <span className={`state state-${state}`}>{state}</span> {STATE_WORDS[state]}
        {state === "scheduled" && publishAt
          ? ` Goes live ${localInputOf(publishAt, zone).replace("T", " ")} ${zone} (${utcWords(publishAt)}).`
          : ""}
        {url ? (
          <>
            {" "}
            <a href={url} target="_blank" rel="noopener noreferrer">
              View live page
            </a>
          </>
        ) : null}
      </p>
      <div className={styles.buttons}>
        <button
          type="button"
          className="primary"
          disabled={!id || busy !== null}
          aria-describedby={describedBy}
          onClick={() => void publish()}
        >
          Publish
        </button>
        {(isLive || publishAt) && (
          <button type="button" disabled={!id || busy !== null} onClick={() => setUnpublishing(true)}>
            Unpublish
          </button>
        )}
        {!isLive && (
          <button type="button" disabled={!id || busy !== null} onClick={() => setScheduling(true)}>
            Schedule
          </button>
        )}
        {publishAt && !isLive && (
          <button type="button" disabled={!id || busy !== null} onClick={() => void cancelSchedule()}>
            Cancel schedule
          </button>
        )}
      </div>
      {isLive && (
        <label className={styles.keepPlace}>
          <input
            type="checkbox"
            checked={keepPlace}
            disabled={busy !== null}
            onChange={(event) => setKeepPlace(event.target.checked)}
          />
          Keep its place in the blog
        </label>
      )}
      <p id={describedBy} className={styles.hint}>
        {id ? (
          <>
            Publishing puts the newest version at <span className={styles.url}>{where}</span>
            {isLive
              ? keepPlace
                ? ", where it keeps its place in the blog and feed: a change to its text or title alone is live in seconds."
                : " and moves it to the top of the blog."
              : "."}
          </>
        ) : (
          "The article can be published once it has been saved."
        )}
      </p>
      <UnpublishDialog
        open={unpublishing}
        onClose={() => setUnpublishing(false)}
        onConfirm={(reason) =>
          act("unpublish", async () => {
            if (!id) return null;
            const { data } = await unpublishArticle(reason ? { id, reason } : { id });
            return data.takenDown
              ? "Unpublished: its page is off the site."
              : "Unpublished. A page still on the site goes with the next build.";
          })
        }
      />
      <ScheduleDialog
        open={scheduling}
        onClose={() => setScheduling(false)}
        onConfirm={(instant) =>
          act("schedule", async () => {
            if (!id || !(await saveFirst())) {
              toast.error("The article could not be saved, so it was not scheduled.");
              return null;
            }
            await scheduleArticle({ id, publishAt: instant.toISOString() });
            return `Scheduled: it goes live ${utcWords(instant)}.`;
          })
        }
      />
    </section>
  );
}

function UnpublishDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose(): void;
  onConfirm(reason: string): Promise<boolean>;
}): JSX.Element {
  const [reason, setReason] = React.useState("");
  const [sending, setSending] = React.useState(false);
  const reasonId = React.useId();
  return (
    <Dialog title="Unpublish this article?" open={open} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          setSending(true);
          void onConfirm(reason.trim()).then((done) => {
            setSending(false);
            if (done) {
              setReason("");
              onClose();
            }
          });
        }}
      >
        <p>Its page leaves the site within seconds, and any planned publication or end is cancelled.</p>
        <div className="field">
          <label htmlFor={reasonId}>Reason (optional)</label>
          <textarea
            id={reasonId}
            maxLength={500}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className={styles.buttons}>
          <button type="submit" className="primary" disabled={sending}>
            Yes, unpublish
          </button>
          <button type="button" onClick={onClose}>
            Keep it published
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ScheduleDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose(): void;
  onConfirm(instant: Date): Promise<boolean>;
}): JSX.Element {
  const [zone, setZone] = React.useState(browserTimeZone);
  const [local, setLocal] = React.useState("");
  const [sending, setSending] = React.useState(false);
  const zones = React.useMemo(() => {
    const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return all.includes(zone) ? all : [zone, ...all];
  }, [zone]);
  const result = local ? instantOf(local, zone) : null;
  const localId = React.useId();
  const zoneId = React.useId();
  const instantId = React.useId();
  let instantWords = "Choose a date and a time.";
  if (result?.ok)
    instantWords = `That is ${utcWords(result.instant)}${result.twice ? " (the first of the two times the clock shows it)" : ""}.`;
  else if (result?.reason === "skipped") instantWords = `The clocks skip that time in ${zone}: choose another.`;
  else if (result) instantWords = "That is not a date and time.";
  const past = result?.ok && result.instant.getTime() <= Date.now();

  return (
    <Dialog title="Schedule the publication" open={open} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!result?.ok || past) return;
          setSending(true);
          void onConfirm(result.instant).then((done) => {
            setSending(false);
            if (done) onClose();
          });
        }}
      >
        <div className="field">
          <label htmlFor={localId}>Publish at</label>
          <input
            id={localId}
            type="datetime-local"
            value={local}
            aria-describedby={instantId}
            onChange={(event) => setLocal(event.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={zoneId}>Time zone</label>
          <select id={zoneId} value={zone} onChange={(event) => setZone(event.target.value)}>
            {zones.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <p id={instantId} className={styles.instant} aria-live="polite">
          {instantWords}
          {past ? " That time has passed: choose a later one." : ""}
        </p>
        <div className={styles.buttons}>
          <button type="submit" className="primary" disabled={sending || !result?.ok || past}>
            Schedule publication
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Dialog>
  );
}
