import * as React from "react";
import * as styles from "./editor.module.css";

/**
 * A modal dialog (the browser's own <dialog>, opened with showModal): the page behind is inert, the
 * focus moves in and returns to the opener when it closes, and Escape closes it.
 */
export function Dialog({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose(): void;
  children: React.ReactNode;
}): JSX.Element {
  const dialog = React.useRef<HTMLDialogElement>(null);
  const titleId = React.useId();
  const close = React.useRef(onClose);
  close.current = onClose;

  React.useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  React.useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    const closed = (): void => close.current();
    element.addEventListener("close", closed);
    return () => element.removeEventListener("close", closed);
  }, []);

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
