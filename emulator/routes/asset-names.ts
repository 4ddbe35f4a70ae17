// The name GitHub stores for an uploaded release asset, written from recorded uploads (never from the product's own
// prediction, so a wrong prediction shows up as a difference). GitHub's docs only say that it "renames asset
// filenames that have special characters, non-alphanumeric characters, and leading or trailing periods"
// (docs.github.com, REST "Upload a release asset"). The recorded examples:
// - travis-ci/dpl#821 uploaded every printable ASCII character: `a5_ !#$%&'()+,-.0123456789;=@A…Z[]^_\`a…z{}~.txt`
//   became `a5_.-.0123456789.A…Z._.a…z.txt`, and `a5_ð_æ_©_ŋ.txt` became `a5_d_ae_._ng.txt`: letters are
//   written in ASCII, `_` and `-` stay, and each run of other characters (with the periods it touches) is one period.
// - `~` (softprops/action-gh-release#159, shogo82148/actions-upload-release-asset#852), `:` (same #159), parentheses
//   (actions/upload-release-asset#57) and spaces (github-release/github-release#93) each became a period;
//   `fake.      file.txt` became `fake.file.txt` and `erick%%%%%!!!zhao.txt` became `erick.zhao.txt`
//   (electron/forge#1761).
// - `+` is kept when it arrives as `+` (github/rest-api-description#2968: dpl's unencoded `+` was a space in the
//   query; the web upload keeps it).
// - `dist/.gitignore` was stored as `default.gitignore` (changelogs of projects that uploaded it by accident), and
//   the docs name trailing periods as renamed: they are dropped here.

/** ASCII for letters whose decomposition is not ASCII (what dpl#821 shows: ð → d, æ → ae, ŋ → ng). */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ð: 'd',
  Ð: 'D',
  đ: 'd',
  Đ: 'D',
  ŋ: 'ng',
  Ŋ: 'NG',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
};

function ascii(char: string): string {
  if (LETTERS[char] !== undefined) return LETTERS[char];
  // é → e + combining accent → e; a symbol such as © has no letter in it and stays a separator.
  return char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

function isKept(char: string): boolean {
  const c = char.charCodeAt(0);
  const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return char.length === 1 && (alnum || char === '_' || char === '-' || char === '+');
}

export function storedAssetName(requested: string): string {
  let out = '';
  let separator = false;
  let leading = false;
  for (const char of requested) {
    for (const part of ascii(char)) {
      if (!isKept(part)) {
        separator = true;
        continue;
      }
      if (separator && out === '') leading = true;
      else if (separator) out += '.';
      separator = false;
      out += part;
    }
  }
  // A run at the very start keeps its period behind a `default` stem; a run at the end is dropped.
  if (out === '') return 'default';
  return leading ? `default.${out}` : out;
}
