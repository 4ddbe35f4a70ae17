// The job summary (GitHub-flavoured Markdown written to GITHUB_STEP_SUMMARY) as terminal text: headings as bold
// lines, tables as aligned columns, the escapes the summary needed removed, Mermaid charts left out. Line by line, no regular expression
// that can backtrack: the summary quotes names from issues and label files.
import { terminalText, type Style } from './terminal';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Removes Markdown's backslash escapes and the HTML entities and tags the summary uses. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/<br\s*\/?>/gi, ' ⏎ ')
    .replace(/<\/?(details|summary|b|strong|i|em|code|p|div|span)>/gi, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1');
}

/** The cells of a table row `| a | b \| c |`, split on unescaped pipes only. */
export function tableCells(line: string): string[] {
  const body = line.trim().replace(/^\|/, '');
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\' && i + 1 < body.length) {
      cell += c + body[i + 1];
      i++;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  if (cell.trim()) cells.push(cell.trim());
  return cells.map(plainText);
}

function isSeparator(line: string): boolean {
  const parts = line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|');
  return parts.every((p) => /^:?-{3,}:?$/.test(p.trim()));
}
const isRow = (line: string) => line.trim().startsWith('|');

function renderTable(rows: string[][]): string[] {
  const columns = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows.map((r) =>
    widths
      .map((w, i) => (r[i] ?? '') + ' '.repeat(w - [...(r[i] ?? '')].length))
      .join('  ')
      .trimEnd(),
  );
}

/** The whole summary as text; empty when the summary is empty. */
export function summaryAsText(markdown: string, style: Style): string {
  const lines = terminalText(markdown.replace(/\r\n?/g, '\n')).split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // A Mermaid chart is a picture for GitHub's page; the tables below it say the same in text.
    if (line.trim() === '```mermaid') {
      while (i + 1 < lines.length && lines[i + 1].trim() !== '```') i++;
      i++;
      continue;
    }
    if (isRow(line) && i + 1 < lines.length && isSeparator(lines[i + 1])) {
      const rows = [tableCells(line)];
      for (i += 2; i < lines.length && isRow(lines[i]); i++) rows.push(tableCells(lines[i]));
      i--;
      const hasHeader = rows[0].some((c) => c !== '');
      const rendered = renderTable(hasHeader ? rows : rows.slice(1));
      out.push(...(hasHeader ? [style.bold(rendered[0]), ...rendered.slice(1)] : rendered).map((r) => `  ${r}`));
      continue;
    }
    const heading = /^(#{1,6}) +(.*)$/.exec(line);
    if (heading) {
      if (out.length && out[out.length - 1] !== '') out.push('');
      out.push(style.bold(plainText(heading[2].trim())));
      continue;
    }
    if (/^\s*<\/?details>\s*$/i.test(line)) continue;
    const item = /^(\s*)[-*] +(.*)$/.exec(line);
    out.push(item ? `${item[1]}  • ${plainText(item[2])}` : plainText(line));
  }
  while (out.length && out[out.length - 1].trim() === '') out.pop();
  while (out.length && out[0].trim() === '') out.shift();
  return out.filter((l, i) => !(l === '' && out[i - 1] === '')).join('\n');
}
