// A small evaluator of the GitHub Actions expressions the triage workflows use in `concurrency.group`: string
// literals, `github.…` property paths, `==`, `&&`, `||`, `!`, parentheses and `format()`. Semantics as GitHub
// documents them ("Expressions"): `&&`/`||` return an operand; null, false, 0, '' are falsy; `==` compares strings
// case-insensitively; a missing property is null.
type Value = string | number | boolean | null | Record<string, unknown>;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const re = /\s*('(?:[^']|'')*'|&&|\|\||==|!=|[()!,]|[A-Za-z_][\w.-]*|\d+)/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) {
      if (text.slice(at).trim() === '') break;
      throw new Error(`cannot read the expression at: ${text.slice(at)}`);
    }
    tokens.push(m[1]);
    at = re.lastIndex;
  }
  return tokens;
}

const truthy = (v: Value) => v !== null && v !== false && v !== 0 && v !== '';
const text = (v: Value) => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function evaluate(expression: string, context: Record<string, unknown>): Value {
  const tokens = tokenize(expression);
  let i = 0;
  const peek = () => tokens[i];
  const take = (want?: string) => {
    const t = tokens[i++];
    if (want !== undefined && t !== want) throw new Error(`expected ${want}, got ${t}`);
    return t;
  };
  const or = (): Value => {
    let left = and();
    while (peek() === '||') {
      take();
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  };
  const and = (): Value => {
    let left = equality();
    while (peek() === '&&') {
      take();
      const right = equality();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  const equality = (): Value => {
    let left = unary();
    while (peek() === '==' || peek() === '!=') {
      const op = take();
      const right = unary();
      const same = text(left).toLowerCase() === text(right).toLowerCase();
      left = op === '==' ? same : !same;
    }
    return left;
  };
  const unary = (): Value => (peek() === '!' ? (take(), !truthy(unary())) : primary());
  const primary = (): Value => {
    const t = take();
    if (t === '(') {
      const v = or();
      take(')');
      return v;
    }
    if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (/^\d+$/.test(t)) return Number(t);
    if (t === 'true' || t === 'false') return t === 'true';
    if (t === 'null') return null;
    if (peek() === '(') {
      take('(');
      const args: Value[] = [];
      while (peek() !== ')') {
        args.push(or());
        if (peek() === ',') take(',');
      }
      take(')');
      if (t !== 'format') throw new Error(`function ${t} is not supported`);
      return text(args[0]).replace(/\{(\d+)\}/g, (_, n: string) => text(args[Number(n) + 1] ?? null));
    }
    let value: unknown = context;
    for (const part of t.split('.'))
      value = value && typeof value === 'object' ? ((value as Record<string, unknown>)[part] ?? null) : null;
    return (value ?? null) as Value;
  };
  const result = or();
  if (i !== tokens.length) throw new Error(`unexpected ${tokens[i]}`);
  return result;
}

/** A `${{ … }}`-templated string, evaluated. */
export function interpolate(template: string, context: Record<string, unknown>): string {
  return template.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expr: string) => text(evaluate(expr, context)));
}
