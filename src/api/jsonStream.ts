// An incremental parser for one reply shape: a JSON object whose arrays may be large. Text is pushed as it arrives
// (any chunk boundary: inside a string, an escape, a number, a `\/Date(…)\/`); each member that is not an array is
// handed over whole, each array member element by element as soon as the elements are complete (a batch of them
// parsed by one `JSON.parse`). Whatever is not valid JSON throws a SyntaxError, as `JSON.parse` of the whole text
// would (a top-level value that is not an object too). Used by the decode worker (decodeJob.ts).

export interface ObjectStreamEvents {
  /** A member that is not an array, parsed. */
  field(key: string, value: unknown): void;
  /** An array member begins (its elements follow through `items`). */
  listStart(key: string): void;
  /** The next complete elements of the array member `key`, in order. */
  items(key: string, items: unknown[]): void;
}

type State =
  'start' | 'firstKey' | 'key' | 'colon' | 'value' | 'scalar' | 'firstItem' | 'items' | 'after' | 'done';

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

const QUOTE = 34;
const BACKSLASH = 92;

function fail(what: string): never {
  throw new SyntaxError(`The reply is not valid JSON: ${what}.`);
}

export class ObjectStreamParser {
  private buf = '';
  /** Where scanning goes on in `buf`. */
  private pos = 0;
  /** Text before this index of `buf` is done with and dropped on the next push. */
  private mark = 0;
  private state: State = 'start';
  private key = '';
  /** The value or the batch of elements being scanned starts here. */
  private start = 0;
  private depth = 0;
  /** The batch of elements began after a comma (so an empty one before `]` is a trailing comma). */
  private afterComma = false;

  constructor(private readonly on: ObjectStreamEvents) {}

  /** Parses the next piece of the text; throws a SyntaxError when the text cannot be JSON. */
  push(text: string): void {
    if (this.mark > 0) {
      this.buf = this.buf.slice(this.mark);
      this.pos -= this.mark;
      this.start -= this.mark;
      this.mark = 0;
    }
    this.buf += text;
    this.run();
  }

  /** The text has ended: throws a SyntaxError unless it was one whole object. */
  end(): void {
    if (this.state !== 'done') fail('it ended before the object was complete');
  }

  get done(): boolean {
    return this.state === 'done';
  }

  private skipSpace(): boolean {
    const { buf } = this;
    while (this.pos < buf.length && isSpace(buf.charCodeAt(this.pos))) this.pos++;
    this.mark = this.pos;
    return this.pos < buf.length;
  }

  /** The index of the quote that closes the string whose opening quote is at `open`, or -1 (not here yet). */
  private stringEnd(open: number): number {
    const { buf } = this;
    let q = buf.indexOf('"', open + 1);
    while (q !== -1) {
      let k = q - 1;
      while (buf.charCodeAt(k) === BACKSLASH) k--;
      if ((q - 1 - k) % 2 === 0) return q;
      q = buf.indexOf('"', q + 1);
    }
    return -1;
  }

  /**
   * Scans from `pos` to the next `,` or closing bracket at depth 0 (outside strings) and returns its index, or -1
   * at the end of the text so far (then `pos` and `depth` say where to go on).
   */
  private scan(): number {
    const { buf } = this;
    const n = buf.length;
    let i = this.pos;
    let depth = this.depth;
    while (i < n) {
      const c = buf.charCodeAt(i);
      if (c === QUOTE) {
        const q = this.stringEnd(i);
        if (q === -1) break;
        i = q + 1;
        continue;
      }
      if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) {
        if (depth === 0) {
          this.pos = i;
          this.depth = 0;
          return i;
        }
        depth--;
      } else if (c === 44 && depth === 0) {
        this.pos = i;
        this.depth = 0;
        return i;
      }
      i++;
    }
    this.pos = i;
    this.depth = depth;
    return -1;
  }

  private parse(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch (e) {
      return fail(e instanceof Error ? e.message : String(e));
    }
  }

  private run(): void {
    const { on } = this;
    for (;;) {
      const buf = this.buf;
      switch (this.state) {
        case 'start':
          if (!this.skipSpace()) return;
          if (buf.charCodeAt(this.pos) !== 123) fail('it is not an object');
          this.pos++;
          this.state = 'firstKey';
          break;
        case 'firstKey':
          if (!this.skipSpace()) return;
          if (buf.charCodeAt(this.pos) === 125) {
            this.pos++;
            this.state = 'done';
          } else this.state = 'key';
          break;
        case 'key': {
          if (!this.skipSpace()) return;
          if (buf.charCodeAt(this.pos) !== QUOTE) fail('a member name was expected');
          const q = this.stringEnd(this.pos);
          if (q === -1) return;
          this.key = this.parse(buf.slice(this.pos, q + 1)) as string;
          this.pos = q + 1;
          this.state = 'colon';
          break;
        }
        case 'colon':
          if (!this.skipSpace()) return;
          if (buf.charCodeAt(this.pos) !== 58) fail('a colon was expected');
          this.pos++;
          this.state = 'value';
          break;
        case 'value':
          if (!this.skipSpace()) return;
          if (buf.charCodeAt(this.pos) === 91) {
            this.pos++;
            on.listStart(this.key);
            this.state = 'firstItem';
          } else {
            this.start = this.pos;
            this.depth = 0;
            this.state = 'scalar';
          }
          break;
        case 'scalar': {
          const end = this.scan();
          this.mark = this.start;
          if (end === -1) return;
          if (buf.charCodeAt(end) === 93) fail('an unexpected ]');
          on.field(this.key, this.parse(buf.slice(this.start, end)));
          this.state = 'after';
          break;
        }
        case 'firstItem':
          if (!this.skipSpace()) return;
          if (buf.charCodeAt(this.pos) === 93) {
            this.pos++;
            this.state = 'after';
          } else {
            this.start = this.pos;
            this.depth = 0;
            this.afterComma = false;
            this.state = 'items';
          }
          break;
        case 'items': {
          // Complete elements up to the last `,` (or the `]`) found in this text go out as one batch.
          let last = -1;
          let closed = false;
          for (;;) {
            const end = this.scan();
            if (end === -1) break;
            const c = buf.charCodeAt(end);
            if (c === 125) fail('an unexpected }');
            last = end;
            this.pos = end + 1;
            if (c === 93) {
              closed = true;
              break;
            }
          }
          if (last !== -1) {
            const text = buf.slice(this.start, last);
            if (closed && text.trim() === '') {
              if (this.afterComma) fail('a trailing comma');
            } else {
              on.items(this.key, this.parse(`[${text}]`) as unknown[]);
            }
            this.start = last + 1;
            this.afterComma = !closed;
          }
          this.mark = this.start;
          if (!closed) return;
          this.state = 'after';
          break;
        }
        case 'after':
          if (!this.skipSpace()) return;
          if (buf.charCodeAt(this.pos) === 44) {
            this.pos++;
            this.state = 'key';
          } else if (buf.charCodeAt(this.pos) === 125) {
            this.pos++;
            this.state = 'done';
          } else fail('a comma or } was expected');
          break;
        case 'done':
          if (this.skipSpace()) fail('there is text after the object');
          return;
      }
    }
  }
}
