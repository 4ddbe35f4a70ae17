// Tables rendered two ways: markdown for the job summary (cells escaped) and aligned text for the log.

export type Cell = string | number | boolean | null | undefined;

function text(cell: Cell): string {
  return cell === null || cell === undefined ? '' : String(cell);
}

/**
 * Text safe inside Markdown: shown as written, never as formatting. HTML-significant `<`, `>`, `&` become entities;
 * the characters of inline Markdown (emphasis, code, links, strike-through, `|`) get a backslash; a line break becomes
 * a space. For names and messages from issues, label files and the API.
 */
export function escapeMarkdownText(value: Cell): string {
  return text(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_~[\]|]/g, '\\$&')
    .replace(/\r?\n|\r/g, ' ');
}

/** A cell safe inside a markdown table: escaped as `escapeMarkdownText`, except that line breaks become `<br>`. */
export function escapeMarkdownCell(cell: Cell): string {
  return text(cell)
    .split(/\r?\n|\r/)
    .map((line) => escapeMarkdownText(line))
    .join('<br>');
}

/** A GitHub-flavoured markdown table. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const line = (cells: readonly Cell[]) => `| ${headers.map((_, i) => escapeMarkdownCell(cells[i])).join(' | ')} |`;
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
