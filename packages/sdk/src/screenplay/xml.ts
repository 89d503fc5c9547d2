/**
 * A small, strict, non-validating XML reader for Final Draft files: elements, attributes, text,
 * CDATA, comments, processing instructions and a DOCTYPE without an internal subset. No external
 * entities are ever resolved. Every error carries the line and column where reading stopped.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  line: number;
  endLine: number;
}

export type XmlNode = XmlElement | string;

export class XmlSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} (line ${line}, column ${column})`);
    this.name = 'XmlSyntaxError';
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five XML entities and numeric references; anything else stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,4});/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

/**
 * Text for element content. Characters XML 1.0 forbids are dropped (controls other than tab, line
 * feed and carriage return; lone surrogates; U+FFFE and U+FFFF), so a reviewer's pasted text cannot
 * make a document invalid; a carriage return is written as a reference (a parser would turn it
 * into a line feed).
 */
export function escapeXml(text: string): string {
  return escapeText(text, false);
}

/**
 * Text for a double-quoted attribute: as escapeXml, and tab, line feed and carriage return as
 * character references, which an attribute keeps (written raw, a parser turns them into spaces).
 */
export function escapeXmlAttribute(text: string): string {
  return escapeText(text, true);
}

function escapeText(text: string, attribute: boolean): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 13) out += '&#13;';
    else if (code === 9) out += attribute ? '&#9;' : char;
    else if (code === 10) out += attribute ? '&#10;' : char;
    else if (code < 32 || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) continue;
    else if (char === '&') out += '&amp;';
    else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (char === '"') out += '&quot;';
    else out += char;
  }
  return out;
}

function isNameStart(code: number): boolean {
  return (
    (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 58 || code > 127
  );
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57) || code === 45 || code === 46;
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

class XmlReader {
  private i = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {
    if (text.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  private fail(reason: string, at = this.i): never {
    this.advanceTo(at);
    throw new XmlSyntaxError(reason, this.line, at - this.lineStart + 1);
  }

  /** Moves to `to`, counting the line breaks passed. */
  private advanceTo(to: number): void {
    for (let k = this.i; k < to; k++) {
      if (this.text.charCodeAt(k) === 10) {
        this.line++;
        this.lineStart = k + 1;
      }
    }
    this.i = to;
  }

  private skipPast(marker: string, what: string): void {
    const end = this.text.indexOf(marker, this.i);
    if (end < 0) this.fail(`Unclosed ${what}`);
    this.advanceTo(end + marker.length);
  }

  private skipWhitespace(): void {
    let k = this.i;
    while (k < this.text.length && isWhitespace(this.text.charCodeAt(k))) k++;
    this.advanceTo(k);
  }

  private readName(): string {
    const start = this.i;
    if (!isNameStart(this.text.charCodeAt(start))) this.fail('Expected a tag or attribute name');
    let k = start + 1;
    while (k < this.text.length && isNameChar(this.text.charCodeAt(k))) k++;
    this.i = k;
    return this.text.slice(start, k);
  }

  /** Comments, processing instructions and the DOCTYPE; true when one was skipped. */
  private skipMarkup(): boolean {
    const { text, i } = this;
    if (text.startsWith('<!--', i)) this.skipPast('-->', 'comment');
    else if (text.startsWith('<?', i)) this.skipPast('?>', 'processing instruction');
    else if (text.startsWith('<!DOCTYPE', i)) {
      if (text.indexOf('[', i) >= 0 && text.indexOf('[', i) < text.indexOf('>', i))
        this.skipPast(']>', 'DOCTYPE');
      else this.skipPast('>', 'DOCTYPE');
    } else return false;
    return true;
  }

  read(): XmlElement {
    this.skipProlog();
    if (this.i >= this.text.length) this.fail('The document has no root element');
    const root = this.readElement();
    this.skipWhitespace();
    while (this.i < this.text.length && this.skipMarkup()) this.skipWhitespace();
    if (this.i < this.text.length) this.fail('Content after the root element');
    return root;
  }

  private skipProlog(): void {
    this.skipWhitespace();
    while (this.i < this.text.length && this.skipMarkup()) this.skipWhitespace();
    if (this.i < this.text.length && this.text.charCodeAt(this.i) !== 60)
      this.fail('Text before the root element');
  }

  private readElement(): XmlElement {
    const line = this.line;
    this.i++;
    const name = this.readName();
    const attributes = this.readAttributes();
    const element: XmlElement = { name, attributes, children: [], line, endLine: line };
    if (this.text.startsWith('/>', this.i)) {
      this.i += 2;
      return element;
    }
    if (this.text.charCodeAt(this.i) !== 62) this.fail(`Expected '>' to close <${name}>`);
    this.i++;
    this.readContent(element);
    return element;
  }

  private readAttributes(): Record<string, string> {
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = this.i;
      this.skipWhitespace();
      const code = this.text.charCodeAt(this.i);
      if (code === 62 || code === 47 || Number.isNaN(code)) {
        if (Number.isNaN(code)) this.fail('Unexpected end of file inside a tag');
        return attributes;
      }
      if (this.i === before) this.fail('Expected whitespace between attributes');
      const name = this.readName();
      this.skipWhitespace();
      if (this.text.charCodeAt(this.i) !== 61) this.fail(`Expected '=' after attribute ${name}`);
      this.i++;
      this.skipWhitespace();
      const quote = this.text.charAt(this.i);
      if (quote !== '"' && quote !== "'") this.fail(`Attribute ${name} needs a quoted value`);
      const end = this.text.indexOf(quote, this.i + 1);
      if (end < 0) this.fail(`Unclosed value of attribute ${name}`);
      const value = this.text.slice(this.i + 1, end);
      if (value.includes('<')) this.fail(`'<' inside the value of attribute ${name}`);
      this.advanceTo(end + 1);
      attributes[name] = decodeEntities(value);
    }
  }

  private readContent(element: XmlElement): void {
    const { text } = this;
    for (;;) {
      const tag = text.indexOf('<', this.i);
      if (tag < 0) this.fail(`Unclosed <${element.name}> opened at line ${element.line}`, text.length);
      if (tag > this.i) {
        element.children.push(decodeEntities(text.slice(this.i, tag)));
        this.advanceTo(tag);
      }
      if (text.startsWith('</', tag)) {
        this.i = tag + 2;
        const name = this.readName();
        if (name !== element.name)
          this.fail(`Expected </${element.name}> (opened at line ${element.line}) but found </${name}>`, tag);
        this.skipWhitespace();
        if (text.charCodeAt(this.i) !== 62) this.fail(`Expected '>' to close </${name}>`);
        this.i++;
        element.endLine = this.line;
        return;
      }
      if (text.startsWith('<![CDATA[', tag)) {
        const end = text.indexOf(']]>', tag);
        if (end < 0) this.fail('Unclosed CDATA section');
        element.children.push(text.slice(tag + 9, end));
        this.advanceTo(end + 3);
        continue;
      }
      if (this.skipMarkup()) continue;
      element.children.push(this.readElement());
    }
  }
}

export function parseXml(text: string): XmlElement {
  return new XmlReader(text).read();
}

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child !== 'string' && (name === undefined || child.name === name)) out.push(child);
  }
  return out;
}

export function textContent(node: XmlNode): string {
  if (typeof node === 'string') return node;
  return node.children.map(textContent).join('');
}
