// The operator's page as HTML (`operator-page.ts` serves it): deliveries by state, the oldest waiting, the latest
// failures with their last error, each installation's budget and lanes, the pauses — with the exact
// `repo-actions deliveries …` command lines that retry, cancel, pause or resume them (the page itself changes
// nothing: no form, no script). Every stored string (delivery ids, repositories, events, errors, pause reasons) came
// from a sender or from GitHub and is hostile: each is HTML-escaped where it is written, control and bidirectional
// characters shown as U+FFFD, and each value put into a command line is shell-quoted, so a copied command runs what
// it shows. The one style sheet is inline; the page's Content-Security-Policy allows exactly it (by its hash).
import { createHash } from 'node:crypto';
import type { CircuitState } from '../store/circuits';
import type { PauseRow } from '../store/operator-controls';
import type { InstallationView, OperatorSnapshot, WaitingDelivery } from '../store/operator-view';
import type { QueueStats } from '../store/types';
import type { WriteLimits } from '../store/write-history';

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1f2328;background:#fff}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.6rem;border-bottom:1px solid #d0d7de}
table{border-collapse:collapse;margin:.4rem 0}th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums}
code{font:12px ui-monospace,monospace;background:#f6f8fa;padding:.1rem .25rem;white-space:pre-wrap;overflow-wrap:anywhere}
.err{font:12px ui-monospace,monospace;white-space:pre-wrap;word-break:break-word;max-width:40rem;color:#82071e}
.warn{color:#9a6700;font-weight:600}.muted{color:#59636e}`;

/** The page's Content-Security-Policy: nothing but its own inline style sheet (no script, image, frame or form). */
export const OPERATOR_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
// C0/C1 controls (but tab and newline) and the bidirectional overrides, which can make text read otherwise.
// eslint-disable-next-line no-control-regex
const UNSHOWN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` as HTML text or attribute content: nothing in it can open a tag or end an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(UNSHOWN, '\ufffd').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** `value` as one word of a POSIX shell command line (single-quoted unless plainly safe). */
export function shellWord(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A `repo-actions deliveries` command with a delivery id (after `--` when it looks like a flag). */
function withId(command: string, id: string): string {
  return `repo-actions deliveries ${command} ${id.startsWith('-') ? '-- ' : ''}${shellWord(id)}`;
}

const cmd = (line: string) => `<code>${escapeHtml(line)}</code>`;
const cell = (text: string | number | undefined, cls = '') =>
  `<td${cls ? ` class="${cls}"` : ''}>${text === undefined ? '' : escapeHtml(String(text))}</td>`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** 95 s, 12 min, 3.5 h, 2.1 d. */
export function age(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 120) return `${Math.round(s)} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 172_800) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86_400).toFixed(1)} d`;
}

const count = (n: number) => (Number.isFinite(n) ? String(n) : '?');

function states(s: QueueStats | undefined): string {
  if (!s) return '<p class="warn">The database did not answer: counts unknown.</p>';
  const rows = (['queued', 'running', 'failed', 'done'] as const).map(
    (state) => `<tr><th>${state}</th>${cell(count(s[state]), 'n')}</tr>`,
  );
  return `<table>${rows.join('')}</table>
<p>Oldest open delivery: ${s.oldestAgeMs > 0 ? escapeHtml(age(s.oldestAgeMs)) : 'none'}. <span class="muted">Done
deliveries are estimated past 10,000.</span></p>`;
}

function deliveryRows(ds: WaitingDelivery[], now: number, commands: (d: WaitingDelivery) => string[]): string {
  return ds
    .map((d) => {
      const state = d.lastOutcome && d.state === 'queued' ? `${d.state} (${d.lastOutcome})` : d.state;
      return `<tr>${cell(age(now - d.receivedAt), 'n')}${cell(d.id)}${cell(d.event)}${cell(d.repository ?? '-')}${cell(
        d.installation ?? 'token',
      )}${cell(d.sweep ? 'sweep' : 'webhook')}${cell(state)}${cell(d.attempts, 'n')}<td class="err">${escapeHtml(
        (d.lastError ?? '').slice(0, 1000),
      )}</td><td>${commands(d).map(cmd).join('<br>')}</td></tr>`;
    })
    .join('\n');
}

const DELIVERY_HEAD =
  '<tr><th>Age</th><th>Delivery</th><th>Event</th><th>Repository</th><th>Installation</th><th>Lane</th><th>State</th><th>Attempts</th><th>Last error</th><th>Commands</th></tr>';

function deliveries(
  title: string,
  ds: WaitingDelivery[],
  now: number,
  none: string,
  commands: (d: WaitingDelivery) => string[],
) {
  if (ds.length === 0) return `<h2>${title}</h2><p>${none}</p>`;
  return `<h2>${title}</h2><table>${DELIVERY_HEAD}\n${deliveryRows(ds, now, commands)}</table>`;
}

function circuitText(c: CircuitState | undefined, now: number): string {
  if (!c) return 'closed';
  return c.untilMs > now ? `open (${c.cause}), next probe in ${age(c.untilMs - now)}` : `probing (${c.cause})`;
}

function installations(list: InstallationView[], o: PageInput): string {
  if (list.length === 0) return '<h2>Installations</h2><p>None seen yet.</p>';
  const { webhook, sweep } = o.lanes;
  const paused = new Set(o.snapshot!.pauses.map((p) => p.scope));
  const rows = list.map((i) => {
    const budget = o.budgets.get(i.scope);
    const flag = i.scope === 'token' ? undefined : `--installation ${shellWord(i.scope)}`;
    const commands = flag
      ? [
          paused.has(`installation:${i.scope}`)
            ? `repo-actions deliveries resume ${flag}`
            : `repo-actions deliveries pause ${flag} --reason '…'`,
          `repo-actions deliveries retry ${flag} --since 1d`,
          `repo-actions deliveries cancel ${flag} --state queued`,
        ]
      : [];
    return `<tr>${cell(i.scope)}${cell(budget === undefined ? 'not seen by this replica' : budget)}${cell(
      circuitText(i.circuit, o.now),
    )}<td class="err">${escapeHtml(i.circuit?.lastError ?? '')}</td>${cell(i.openWebhooks, 'n')}${cell(
      i.openSweeps,
      'n',
    )}${cell(`${i.writesLastMinute} / ${webhook.perMinute} (sweeps ${sweep.perMinute})`, 'n')}${cell(
      `${i.writesLastHour} / ${webhook.perHour} (sweeps ${sweep.perHour})`,
      'n',
    )}${cell(paused.has(`installation:${i.scope}`) ? 'paused' : '')}<td>${commands.map(cmd).join('<br>')}</td></tr>`;
  });
  const capped = o.snapshot!.openCapped
    ? `<p class="warn">More than ${o.openCounted} deliveries are open: the open counts are lower bounds.</p>`
    : '';
  return `<h2>Installations</h2>${capped}<table><tr><th>Installation</th><th>Rate limit left</th><th>Circuit</th><th>Circuit's last error</th><th>Open webhooks</th><th>Open sweeps</th><th>Writes last minute / limit</th><th>Writes last hour / limit</th><th>Pause</th><th>Commands</th></tr>
${rows.join('\n')}</table>
<p class="muted">Webhooks come first; sweeps run behind them in their own lane, held to their share of each
installation's write budget (shared by every replica).</p>`;
}

function resumeCommand(p: PauseRow): string {
  const [kind, ...rest] = p.scope.split(':');
  const value = rest.join(':');
  const scope = kind === 'all' ? '' : kind === 'sweeps' ? ' --sweeps' : ` --${kind} ${shellWord(value)}`;
  return `repo-actions deliveries resume${scope}`;
}

function pauses(list: PauseRow[], now: number): string {
  if (list.length === 0) return '<h2>Pauses</h2><p>Nothing is paused.</p>';
  const rows = list.map(
    (p) =>
      `<tr>${cell(p.scope)}${cell(`${iso(p.pausedAt)} (${age(now - p.pausedAt)} ago)`)}${cell(p.reason ?? '')}<td>${cmd(
        resumeCommand(p),
      )}</td></tr>`,
  );
  return `<h2>Pauses</h2><table><tr><th>Scope</th><th>Since</th><th>Reason</th><th>Command</th></tr>${rows.join('\n')}</table>`;
}

export interface PageInput {
  now: number;
  stats?: QueueStats;
  /** Undefined when the database did not answer. */
  snapshot?: OperatorSnapshot;
  /** Installation → remaining primary rate limit, as this replica last saw it. */
  budgets: ReadonlyMap<string, number>;
  lanes: { webhook: WriteLimits; sweep: WriteLimits };
  openCounted: number;
}

export function operatorHtml(o: PageInput): string {
  const s = o.snapshot;
  const body = s
    ? [
        deliveries('Oldest waiting', s.oldest, o.now, 'Nothing is waiting.', (d) => [withId('cancel', d.id)]),
        deliveries('Latest failures', s.failures, o.now, 'No failed delivery is kept.', (d) => [
          withId('retry', d.id),
          withId('cancel', d.id),
        ]),
        installations(s.installations, o),
        pauses(s.pauses, o.now),
      ].join('\n')
    : '<p class="warn">The database did not answer within its bound: deliveries unknown. /readyz says more.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="referrer" content="no-referrer"><title>repo-actions: operator's page</title><style>${STYLE}</style></head>
<body><h1>repo-actions serve: operator's page</h1>
<p class="muted">Read-only, as of ${iso(o.now)}. Run the commands where <code>serve</code> runs, with its store
(<code>--data-dir</code> or <code>DATABASE_URL</code>); each says what it changed.</p>
<h2>Deliveries by state</h2>${states(o.stats)}
${body}
</body></html>
`;
}
