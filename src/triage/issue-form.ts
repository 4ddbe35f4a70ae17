// Answers of an issue form. GitHub renders a submitted form as markdown: each field is a `### Label`
// heading followed by the answer; an empty optional field reads `_No response_`; checkboxes are task
// list lines (`- [X] option`).

export interface FormAnswer {
  /** The answer text, trimmed; empty for `_No response_`. */
  text: string;
  /** For a checkbox field: the options ticked. Empty otherwise. */
  checked: string[];
}

const HEADING = /^###[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const TASK = /^[-*][ \t]+\[([ xX])\][ \t]+(.*)$/;
const NO_RESPONSE = '_No response_';

function normaliseHeading(heading: string): string {
  return heading.trim().toLowerCase();
}

/** Every `### heading` of the body with the text below it. Headings are matched ignoring case. */
export function parseIssueForm(body: string | null | undefined): Map<string, FormAnswer> {
  const answers = new Map<string, FormAnswer>();
  if (!body) return answers;
  let current: string | undefined;
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    if (current === undefined) return;
    const text = lines.join('\n').trim();
    const tasks = lines.map((l) => TASK.exec(l.trim())).filter((m): m is RegExpExecArray => m !== null);
    const checked = tasks.filter((m) => m[1] !== ' ').map((m) => m[2].trim());
    if (!answers.has(current)) answers.set(current, { text: text === NO_RESPONSE ? '' : text, checked });
  };
  for (const line of body.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    if (heading) {
      flush();
      current = normaliseHeading(heading[1]);
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
