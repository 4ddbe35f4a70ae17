// Predicts the name GitHub gives an uploaded release asset.
//
// GitHub's documentation only says it "renames asset filenames that have special characters, non-alphanumeric
// characters, and leading or trailing periods". The rule below is reconstructed from observed uploads:
// - travis-ci/dpl#821 uploaded every printable ASCII character and some non-ASCII letters:
//   `a5_ !#$%&'()+,-.0123…9;=@A…Z[]^_\`a…z{}~.txt` → `a5_.-.0123…9.A…Z._.a…z.txt` and
//   `a5_ð_æ_©_ŋ.txt` → `a5_d_ae_._ng.txt`: letters are transliterated to ASCII (Rails-style), and every run of
//   other characters, together with the periods touching it, becomes a single period.
// - Spaces, `~`, `:` and parentheses become periods (softprops/action-gh-release#159, actions/upload-release-asset#57,
//   cli/cli#10585).
// - `+` survives when it is percent-encoded in the `name` query (github/rest-api-description#2968: an unencoded `+`
//   is a space in a query string, which is what dpl sent); this action always encodes the name.
// - A leading period gets a `default` stem: `.gitignore` is stored as `default.gitignore` (seen in the changelogs of
//   projects that uploaded `dist/.gitignore` by accident). Trailing periods are dropped.
// The emulator renames on its own (emulator/routes/asset-names.ts, from the same records); against GitHub the name the upload answers
// with is authoritative and a difference from this prediction is reported as a warning.

/** Characters kept as they are. Everything else is a separator. */
const KEPT = /[A-Za-z0-9_+-]/;

/** Letters that Unicode decomposition does not reduce to ASCII (I18n's default transliterations). */
const SPECIAL: Record<string, string> = {
  Æ: 'AE',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Đ: 'D',
  đ: 'd',
  Ø: 'O',
  ø: 'o',
  Þ: 'TH',
  þ: 'th',
  ß: 'ss',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Ŋ: 'NG',
  ŋ: 'ng',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ĸ: 'k',
};

/** ASCII transliteration of one character; `undefined` when there is none. */
function transliterate(ch: string): string | undefined {
  if (ch.charCodeAt(0) < 0x80) return ch;
  if (SPECIAL[ch]) return SPECIAL[ch];
  const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return /^[\x20-\x7e]+$/.test(base) ? base : undefined;
}

/**
 * The asset name GitHub stores for an upload named `name` (a file's base name).
 * Idempotent: `githubAssetName(githubAssetName(x)) === githubAssetName(x)`.
 */
export function githubAssetName(name: string): string {
  let out = '';
  let separator = false;
  for (const ch of name) {
    const ascii = transliterate(ch) ?? '.';
    for (const c of ascii) {
      if (KEPT.test(c)) {
        if (separator && out !== '') out += '.';
        separator = false;
        out += c;
      } else {
        separator = true;
      }
    }
  }
  // A trailing separator is dropped; a leading one (the name started with a period or a special character) gets
  // GitHub's `default` stem.
  if (out === '') return 'default';
  return name.length > 0 && out.length > 0 && startsWithSeparator(name) ? `default.${out}` : out;
}

function startsWithSeparator(name: string): boolean {
  const first = [...name][0];
  const ascii = transliterate(first) ?? '.';
  return !KEPT.test(ascii[0] ?? '.');
}

/** True when GitHub would store the asset under another name than the file's. */
export function isRenamed(name: string): boolean {
  return githubAssetName(name) !== name;
}
