// The runner's reading of a step's GITHUB_OUTPUT file, written from the Actions docs ("Workflow commands for GitHub
// Actions": "Setting an output parameter" and "Multiline strings"), not from the product's own parser, so a product that
// wrote the file wrongly is caught here instead of being agreed with.
//
// Each line is `{name}={value}`, or `{name}<<{delimiter}` followed by the value's lines and a line that is exactly the
// delimiter. The runner fails the step on anything else: a line that is neither form, an empty name or delimiter, a
// delimiter that never comes. An output written twice keeps its last value. Empty lines are passed over.

export class OutputFileError extends Error {
  override name = 'OutputFileError';
}

export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  // The runner reads the file line by line and accepts either line ending.
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') continue;
    const equals = line.indexOf('=');
    const heredoc = line.indexOf('<<');
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      const name = line.slice(0, equals);
      if (name === '') throw new OutputFileError(`Invalid format '${line}': the output has no name`);
      out[name] = line.slice(equals + 1);
      continue;
    }
    if (heredoc < 0) throw new OutputFileError(`Invalid format '${line}'`);
    const name = line.slice(0, heredoc);
    const delimiter = line.slice(heredoc + 2);
    if (name === '' || delimiter === '') throw new OutputFileError(`Invalid format '${line}'`);
    const value: string[] = [];
    let closed = false;
    for (i++; i < lines.length; i++) {
      if (lines[i] === delimiter) {
        closed = true;
        break;
      }
      value.push(lines[i]);
    }
    if (!closed) throw new OutputFileError(`Matching delimiter not found '${delimiter}'`);
    out[name] = value.join('\n');
  }
  return out;
}
