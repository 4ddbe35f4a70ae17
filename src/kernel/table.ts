// Tables rendered two ways: markdown for the job summary (cells escaped by the one rule for external text,
// external-text.ts) and aligned text for the log.
import { markdownCell, markdownText, type Cell } from './external-text';

export type { Cell } from './external-text';
export { markdownText as escapeMarkdownText, markdownCell as escapeMarkdownCell };

const text = (cell: Cell): string => (cell === null || cell === undefined ? '' : String(cell));

/** A GitHub-flavoured markdown table. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const line = (cells: readonly Cell[]) => `| ${headers.map((_, i) => markdownCell(cells[i])).join(' | ')} |`;
  return [line(headers), `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** A plain-text table with aligned columns (newlines in cells shown as `⏎`). */
export function textTable(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const flat = (cells: readonly Cell[]) => headers.map((_, i) => text(cells[i]).replace(/\r?\n|\r/g, '⏎'));
  const all = [flat(headers), ...rows.map(flat)];
  const widths = headers.map((_, i) => Math.max(...all.map((r) => [...r[i]].length)));
  const render = (cells: string[]) =>
    cells
      .map((c, i) => c + ' '.repeat(widths[i] - [...c].length))
      .join('  ')
      .trimEnd();
  return [render(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(render)].join('\n');
}
