// Several label files make one list: a later file's label replaces an earlier one of the same name (whole: colour,
// description and aliases), in the earlier one's place; new names are appended. A name or alias that two different
// labels still claim afterwards (a base file's alias that another file uses as a name) is a ConfigError naming both
// files, as it could not be told which label it belongs to.
import { ConfigError } from '../../../kernel/config-file';
import type { LabelSpec } from './config';

export interface LabelFile {
  /** Where it was read from (workspace path or `owner/name/path@ref`). */
  file: string;
  labels: LabelSpec[];
  /** A twin of the file (`labels.yaml` beside `labels.yml`) that exists too and was not read. */
  shadowed?: string;
}

interface Placed {
  spec: LabelSpec;
  file: string;
}

const key = (name: string) => name.toLowerCase();

export function mergeLabelFiles(files: readonly LabelFile[]): LabelSpec[] {
  const placed: Placed[] = [];
  const byName = new Map<string, number>();
  for (const { file, labels } of files)
    for (const spec of labels) {
      const at = byName.get(key(spec.name));
      if (at === undefined) {
        byName.set(key(spec.name), placed.length);
        placed.push({ spec, file });
      } else placed[at] = { spec, file };
    }

  const claimed = new Map<string, Placed>();
  for (const entry of placed)
    for (const name of [entry.spec.name, ...entry.spec.aliases]) {
      const other = claimed.get(key(name));
      if (other && other !== entry)
        throw ConfigError.forFile(
          entry.file,
          `"${name}" of label "${entry.spec.name}" is also claimed by label "${other.spec.name}" of ${other.file}: ` +
            'a later file replaces a label by its name only, so rename or drop one of them',
        );
      claimed.set(key(name), entry);
    }
  return placed.map((p) => p.spec);
}

/** `a.yml`, or `a.yml + b.yml` for the log and the summary. */
export function originOf(files: readonly LabelFile[]): string {
  return files.map((f) => f.file).join(' + ');
}
