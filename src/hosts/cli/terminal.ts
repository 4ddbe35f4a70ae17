// Turns an action's workflow commands (`::error file=…::msg`, `::group::`, `::add-mask::`) into readable
// terminal lines; colours only on a TTY (and never with NO_COLOR). Every text the command line prints passes
// through `terminalText` first: C0 and C1 control characters (ESC, BEL, CSI, a lone carriage return…) from a file
// name, an issue or an API answer are shown as `\xNN` text, so none can retitle, clear or redraw the terminal;
// only the command line's own colours are escape sequences.
import { visibleControls } from '../../kernel/log-escape';

/** Text from anywhere, safe to print: controls shown as `\xNN` (tab and line feed kept). */
export function terminalText(text: string): string {
  return visibleControls(text, '\t\n');
}

export interface Style {
  red(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  bold(s: string): string;
  dim(s: string): string;
}

const plain: Style = { red: (s) => s, yellow: (s) => s, cyan: (s) => s, bold: (s) => s, dim: (s) => s };
const ansi = (code: number, reset: number) => (s: string) => `\u001b[${code}m${s}\u001b[${reset}m`;
const coloured: Style = {
  red: ansi(31, 39),
  yellow: ansi(33, 39),
  cyan: ansi(36, 39),
  bold: ansi(1, 22),
  dim: ansi(2, 22),
};

export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Style {
  return stream.isTTY && !env.NO_COLOR && env.TERM !== 'dumb' ? coloured : plain;
}

const unescape = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');

/** One line of the action's stdout → what the terminal shows (undefined: nothing). */
export function renderLine(line: string, style: Style, verbose: boolean): string | undefined {
  const m = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!m) return terminalText(line);
  const [, command, props = '', raw] = m;
  const text = terminalText(unescape(raw));
  const where = () => {
    const p = Object.fromEntries(
      props
        .split(',')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), terminalText(unescape(kv.slice(kv.indexOf('=') + 1)))]),
    );
    return p.file ? ` (${p.file}${p.line ? `:${p.line}` : ''}${p.col ? `:${p.col}` : ''})` : '';
  };
  switch (command) {
    case 'error':
      return style.red(`error: ${text}${where()}`);
    case 'warning':
      return style.yellow(`warning: ${text}${where()}`);
    case 'notice':
      return style.cyan(`notice: ${text}${where()}`);
    case 'group':
      return style.bold(text);
    case 'debug':
      return verbose ? style.dim(text) : undefined;
    default:
      // add-mask, endgroup, save-state, set-output, stop-commands…: never shown.
      return undefined;
  }
}

/**
 * Writes to stdout until the reader goes away: when it is closed early (`repo-actions … | head`), the EPIPE ends the
 * output quietly instead of throwing, and later writes are dropped.
 */
export class QuietPipe {
  private closed = false;

  constructor(private readonly stream: NodeJS.WriteStream = process.stdout) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
      this.closed = true;
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  write(text: string): void {
    if (this.closed) return;
    this.stream.write(text);
  }

  /** Resolves once everything written so far has been handed to the reader (or the reader left). */
  flush(): Promise<void> {
    if (this.closed || this.stream.writableLength === 0) return Promise.resolve();
    return new Promise((done) => this.stream.write('', () => done()));
  }
}
