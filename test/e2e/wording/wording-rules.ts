// What a reader must never see in what the actions print: a line printed twice, "(s)" instead of a real plural,
// "1 requests" / "1 entries", or two different request totals for one step.

/** Nouns whose plural after a 1 is a mistake ("1 requests"); the singular forms are fine. */
const COUNTED_NOUNS = [
  'requests',
  'entries',
  'writes',
  'operations',
  'items',
  'labels',
  'files',
  'issues',
  'pull requests',
  'problems',
  'assets',
  'comments',
  'retries',
  'repositories',
  'commits',
  'errors',
  'rules',
  'inputs',
  'changes',
  'updates',
  'answers',
];
const ONE_PLURAL = new RegExp(`(?<![\\d.,])\\b1 (${COUNTED_NOUNS.join('|')})\\b`);

/** Lines that repeat by design: blank lines and table rules. */
function repeatable(line: string): boolean {
  return /^[\s\-━─|]*$/.test(line);
}

/** Problems of one step's log lines (the action's own log, before any summary reprints it). */
export function logFindings(lines: string[]): string[] {
  const findings: string[] = [];
  const seen = new Set<string>();
  for (const raw of lines) {
    const line = raw.trim();
    if (repeatable(line)) continue;
    if (seen.has(line)) findings.push(`printed twice: ${line}`);
    seen.add(line);
  }
  return [...findings, ...textFindings(lines)];
}

/** Problems of any printed text: "(s)" and "1 <plural>". */
export function textFindings(lines: string[]): string[] {
  const findings: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (/\w\(s\)/.test(line)) findings.push(`"(s)": ${line}`);
    const one = ONE_PLURAL.exec(line);
    if (one) findings.push(`"1 ${one[1]}": ${line}`);
  }
  return findings;
}

/** Every total of requests sent that the lines state: the action's "API: N requests", the summary's "Requests
 * sent N", the demo's "exit 0 · N requests". One step must state one total. */
export function requestTotals(lines: string[]): number[] {
  const totals: number[] = [];
  for (const line of lines) {
    for (const re of [/\bAPI: (\d+) requests?\b/, /\bRequests sent\s+(\d+)\b/, /\bexit \S+ · (\d+) requests?\b/]) {
      const m = re.exec(line);
      if (m) totals.push(Number(m[1]));
    }
  }
  return totals;
}

export function totalFindings(lines: string[]): string[] {
  const distinct = [...new Set(requestTotals(lines))];
  return distinct.length > 1 ? [`two request totals for one step: ${distinct.join(' and ')}`] : [];
}
