// Label colours as GitHub stores them: six lower-case hex digits without `#`.

const COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isColor(value: string): boolean {
  return COLOR.test(value.trim());
}

/** `#ABC` → `aabbcc`, `AABBCC` → `aabbcc`, `abc` → `aabbcc`. Throws on anything that is not a colour. */
export function normaliseColor(value: string): string {
  const match = COLOR.exec(value.trim());
  if (!match) throw new Error(`invalid colour ${JSON.stringify(value)}`);
  const hex = match[1].toLowerCase();
  return hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
}
