import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

/** A table; the first row becomes column headings when the editor asked for them. */
export function TableBlock({ block }: { block: Extract<SafeBlock, { type: "table" }> }): JSX.Element {
  const styles = useBodyClasses();
  const [first, ...rest] = block.rows;
  const head = block.withHeadings ? first : undefined;
  const body = block.withHeadings ? rest : block.rows;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        {head && (
          <thead>
            <tr>
              {head.map((cell, index) => (
                <th key={index} scope="col" dangerouslySetInnerHTML={{ __html: cell }} />
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {body.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index} dangerouslySetInnerHTML={{ __html: cell }} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
