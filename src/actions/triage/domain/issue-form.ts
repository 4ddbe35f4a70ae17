// Answers of an issue form. GitHub renders a submitted form as markdown: each field is a `### Label`
// heading followed by the answer; an empty optional field reads `_No response_`; checkboxes are task
// list lines (`- [X] option`). Bodies are written by strangers: this is plain string code, one pass over
// at most the first FORM_TEXT_LIMIT characters, with no regular expression (time linear in the body).

export interface FormAnswer {
  /** The answer text, trimmed; empty for `_No response_`. */
  text: string;
  /** For a checkbox field: the options ticked. Empty otherwise. */
  checked: string[];
}

/** The most characters of a body read for form answers (GitHub allows 65 536). */
export const FORM_TEXT_LIMIT = 64 * 1024;
const NO_RESPONSE = '_No response_';

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

function trimBlanks(text: string, from = 0, to = text.length): [number, number] {
  let start = from;
  let end = to;
  while (start < end && isBlank(text[start])) start++;
  while (end > start && isBlank(text[end - 1])) end--;
  return [start, end];
}

/** The heading text of `### Text ###` (closing hashes dropped), or undefined when the line is no level-3 heading. */
export function headingOf(line: string): string | undefined {
  if (!line.startsWith('###') || !isBlank(line[3])) return undefined;
  let [start, end] = trimBlanks(line, 4);
  // An optional closing sequence of `#`, preceded by a blank (CommonMark).
  let hashes = end;
  while (hashes > start && line[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === start || isBlank(line[hashes - 1]))) [start, end] = trimBlanks(line, start, hashes);
  return start < end ? line.slice(start, end) : undefined;
}

/** `- [x] option` / `* [ ] option` → whether ticked and the option; undefined for any other line. */
export function taskOf(line: string): { checked: boolean; option: string } | undefined {
  const [start, end] = trimBlanks(line);
  if (end - start < 5) return undefined;
  const bullet = line[start];
  if ((bullet !== '-' && bullet !== '*') || !isBlank(line[start + 1])) return undefined;
  let at = start + 1;
  while (at < end && isBlank(line[at])) at++;
  const mark = line[at + 1];
  if (line[at] !== '[' || line[at + 2] !== ']' || (mark !== ' ' && mark !== 'x' && mark !== 'X')) return undefined;
  if (!isBlank(line[at + 3])) return undefined;
  const [optionStart, optionEnd] = trimBlanks(line, at + 3, end);
  return { checked: mark !== ' ', option: line.slice(optionStart, optionEnd) };
}

function isFence(line: string): boolean {
  const [start] = trimBlanks(line);
  const rest = line.slice(start, start + 3);
  return rest === '```' || rest === '~~~';
}

function normaliseHeading(heading: string): string {
  return heading.trim().toLowerCase();
}

/** Every `### heading` of the body with the text below it. Headings are matched ignoring case. */
export function parseIssueForm(body: string | null | undefined): Map<string, FormAnswer> {
  const answers = new Map<string, FormAnswer>();
  if (!body) return answers;
  const text = body.length > FORM_TEXT_LIMIT ? body.slice(0, FORM_TEXT_LIMIT) : body;
  let current: string | undefined;
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    if (current === undefined || answers.has(current)) return;
    const answer = lines.join('\n').trim();
    const checked = lines.flatMap((line) => {
      const task = taskOf(line);
      return task?.checked ? [task.option] : [];
    });
    answers.set(current, { text: answer === NO_RESPONSE ? '' : answer, checked });
  };
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (isFence(line)) inFence = !inFence;
    const heading = inFence ? undefined : headingOf(line);
    if (heading !== undefined) {
      flush();
      current = normaliseHeading(heading);
      lines = [];
    } else if (current !== undefined) {
      lines.push(line);
    }
  }
  flush();
  return answers;
}

/** The answer to the field with this heading, ignoring case; undefined when the body has no such heading. */
export function formAnswer(answers: Map<string, FormAnswer>, heading: string): FormAnswer | undefined {
  return answers.get(normaliseHeading(heading));
}
