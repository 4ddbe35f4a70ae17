// The notes of a release: `body` (or `body-path`), GitHub's generated notes, and text added before or after
// (`prepend-body`, `append-body`) once: a re-run finds the text already there and adds nothing. A body over GitHub's
// 125,000 characters (kernel/text-limits.ts) is shortened with a note and the link to the full comparison.
import { fitBody, RELEASE_BODY_MAX } from '../../../kernel/text-limits';

export interface BodyParts {
  /** `body` / `body-path`: replaces the notes; undefined keeps the existing ones. */
  body?: string;
  /** GitHub's generated notes, put after `body`. */
  notes?: string;
  prepend?: string;
  append?: string;
}

/** The body the release should have, from what it has (undefined for a new release); undefined leaves it as is. */
export function composeBody(existing: string | undefined, parts: BodyParts): string | undefined {
  const body = joinBody(existing, parts);
  return body === undefined ? undefined : fitBody(body, RELEASE_BODY_MAX).text;
}

function joinBody(existing: string | undefined, parts: BodyParts): string | undefined {
  const base =
    parts.body !== undefined || parts.notes !== undefined
      ? [parts.body, parts.notes].filter((p) => p !== undefined && p !== '').join('\n\n')
      : existing;
  if (parts.prepend === undefined && parts.append === undefined) return base;
  let text = base ?? '';
  if (parts.prepend !== undefined && !text.startsWith(parts.prepend))
    text = text === '' ? parts.prepend : `${parts.prepend}\n\n${text}`;
  if (parts.append !== undefined && !text.endsWith(parts.append))
    text = text === '' ? parts.append : `${text}\n\n${parts.append}`;
  return text;
}
