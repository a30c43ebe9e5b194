import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

/**
 * A warning (@editorjs/warning): a titled call-out. It is a note beside the text, so it says so to
 * assistive technology; its title and message are the editor's sanitized inline HTML.
 */
export function WarningBlock({ block }: { block: Extract<SafeBlock, { type: "warning" }> }): JSX.Element {
  const classes = useBodyClasses();
  return (
    <div role="note" className={classes.warning} data-block="warning">
      {block.title && (
        <p className={classes.warningTitle}>
          <strong dangerouslySetInnerHTML={{ __html: block.title }} />
        </p>
      )}
      {block.message && <p dangerouslySetInnerHTML={{ __html: block.message }} />}
    </div>
  );
}
