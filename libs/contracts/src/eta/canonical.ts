// ETA canonical serialization (FACTS §3.1, SDK "document serialization approach").
//
// It works on the exact JSON TEXT that is (or will be) sent, never on a re-parsed object, so that a
// number keeps its lexeme ("10.50" stays "10.50"). Rules: property names upper-cased and quoted;
// simple values quoted verbatim (strings are un-escaped to their UTF-8 value); objects add no braces;
// an array emits its name once and then its name before every element; property order is kept.
// `null` is refused (ETA documents never carry it; omit the property instead).

export class EtaCanonicalError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at ${position}`);
    this.name = 'EtaCanonicalError';
  }
}

const WS = /* @__PURE__ */ new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Lexer {
  pos = 0;
  constructor(readonly text: string) {}

  skip(): void {
    while (this.pos < this.text.length && WS.has(this.text[this.pos])) this.pos++;
  }
  peek(): string {
    this.skip();
    return this.text[this.pos];
  }
  expect(ch: string): void {
    if (this.peek() !== ch) throw new EtaCanonicalError(`expected '${ch}'`, this.pos);
    this.pos++;
  }
  /** A JSON string token, decoded (escapes resolved). */
  string(): string {
    this.skip();
    const start = this.pos;
    if (this.text[start] !== '"') throw new EtaCanonicalError('expected a string', start);
    let i = start + 1;
    while (i < this.text.length) {
      const c = this.text[i];
      if (c === '\\') i += 2;
      else if (c === '"') break;
      else if (c < ' ') throw new EtaCanonicalError('control character in a string', i);
      else i++;
    }
    if (i >= this.text.length) throw new EtaCanonicalError('unterminated string', start);
    this.pos = i + 1;
    try {
      return JSON.parse(this.text.slice(start, i + 1)) as string;
    } catch {
      throw new EtaCanonicalError('bad escape in a string', start);
    }
  }
  /** A simple value's verbatim text (numbers keep their lexeme). */
  scalar(): string {
    const ch = this.peek();
    if (ch === '"') return this.string();
    if (this.text.startsWith('true', this.pos)) {
      this.pos += 4;
      return 'true';
    }
    if (this.text.startsWith('false', this.pos)) {
      this.pos += 5;
      return 'false';
    }
    if (this.text.startsWith('null', this.pos)) throw new EtaCanonicalError('null value', this.pos);
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m) throw new EtaCanonicalError('unexpected token', this.pos);
    this.pos += m[0].length;
    return m[0];
  }
}

const q = (s: string) => `"${s}"`;

function value(lx: Lexer, name: string | null, out: string[]): void {
  const ch = lx.peek();
  if (ch === '{') {
    if (name !== null) out.push(q(name));
    object(lx, out);
  } else if (ch === '[') {
    if (name === null) throw new EtaCanonicalError('an array needs a property name', lx.pos);
    out.push(q(name));
    lx.expect('[');
    if (lx.peek() === ']') {
      lx.pos++;
      return;
    }
    for (;;) {
      if (lx.peek() === '[') throw new EtaCanonicalError('nested arrays', lx.pos);
      value(lx, name, out);
      const c = lx.peek();
      lx.pos++;
      if (c === ']') return;
      if (c !== ',') throw new EtaCanonicalError("expected ',' or ']'", lx.pos - 1);
    }
  } else {
    if (name !== null) out.push(q(name));
    out.push(q(lx.scalar()));
  }
}

function object(lx: Lexer, out: string[]): void {
  lx.expect('{');
  if (lx.peek() === '}') {
    lx.pos++;
    return;
  }
  for (;;) {
    const key = lx.string();
    lx.expect(':');
    value(lx, key.toUpperCase(), out);
    const c = lx.peek();
    lx.pos++;
    if (c === '}') return;
    if (c !== ',') throw new EtaCanonicalError("expected ',' or '}'", lx.pos - 1);
  }
}

/** The canonical string of one ETA document (a JSON object text). */
export function etaCanonicalize(jsonText: string): string {
  const lx = new Lexer(jsonText.charCodeAt(0) === 0xfeff ? jsonText.slice(1) : jsonText);
  if (lx.peek() !== '{') throw new EtaCanonicalError('the document must be a JSON object', lx.pos);
  const out: string[] = [];
  object(lx, out);
  lx.skip();
  if (lx.pos !== lx.text.length) throw new EtaCanonicalError('trailing text', lx.pos);
  return out.join('');
}

/**
 * Free text for an ETA document: implementations disagree on how `"` and `\` appear in the
 * canonical form (FACTS §3.4), so they (and control/line-separator characters) are removed before
 * the document is built; every interpretation then hashes the same bytes.
 */
export function etaSafeText(s: string, max = 200): string {
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(/["\\\u0000-\u001f\u007f\u2028\u2029]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
  );
}
