// How the command palette matches and ranks what it knows against what was typed. Pure, so it is tested alone
// (tests/unit/palette-search.test.ts); only the palette's lazy chunk imports it.
//
// The query and the texts are cut into words (letters or digits; case and accents ignored). Every word of the
// query must match a word of the thing's label, its keywords or its numbers — or its description, as long as
// another word matched something else (so a project's name narrows, "riverside rfis", without listing the whole
// project). A word of digits matches a number as a whole, by value (7, 07, RFI-007; not 17 or 70). Scores per
// word: a number it is known by 8, a label word equal 6, a label word it starts 5, inside a label word 3, a
// keyword equal 3 or started 2, anything else 1; plus 2 when the label starts with the whole query.

export interface Searchable {
  label: string;
  description?: string;
  /** More words it answers to than its label (a folder's own name, a spec section, "rfi"). */
  keywords?: string;
  /** Numbers people type for it (RFI-014, a meeting's 003, a project's id): a match ranks highest. */
  numbers?: Array<string | number | undefined>;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Words of a text: runs of letters or digits, folded. */
export const wordsOf = (text: string): string[] =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const isDigits = (w: string) => /^\d+$/.test(w);
const sameNumber = (a: string, b: string) => isDigits(b) && Number(a) === Number(b);

/** How one query word matches a list of words: the best of equal / starts / inside (digits: equal value only). */
function wordScore(q: string, words: string[], equal: number, starts: number, inside: number): number {
  let best = 0;
  for (const w of words) {
    if (isDigits(q)) {
      if (sameNumber(q, w)) return equal;
      continue;
    }
    if (w === q) return equal;
    if (w.startsWith(q)) best = Math.max(best, starts);
    else if (w.includes(q)) best = Math.max(best, inside);
  }
  return best;
}

/** The score of a thing for the query words, or undefined when a word matches nothing. */
export function scoreOf(item: Searchable, query: string[]): number | undefined {
  if (!query.length) return 0;
  const label = wordsOf(item.label);
  const keywords = wordsOf(item.keywords ?? '');
  const description = wordsOf(item.description ?? '');
  const numbers = (item.numbers ?? []).flatMap((n) => (n === undefined ? [] : wordsOf(String(n))));
  let total = 0;
  let outsideDescription = false;
  for (const q of query) {
    const own = Math.max(
      isDigits(q) && numbers.some((n) => sameNumber(q, n)) ? 8 : 0,
      wordScore(q, label, 6, 5, 3),
      wordScore(q, keywords, 3, 2, 1),
    );
    const score = own || wordScore(q, description, 1, 1, 1);
    if (!score) return undefined;
    outsideDescription ||= own > 0;
    total += score;
  }
  if (!outsideDescription) return undefined;
  const phrase = query.join(' ');
  return total + (wordsOf(item.label).join(' ').startsWith(phrase) ? 2 : 0);
}

/**
 * The things that match, best first; ties keep the order of `tieBreak` (lower first), then the label's.
 */
export function rank<T extends Searchable>(
  items: T[],
  query: string[],
  tieBreak: (item: T) => number = () => 0,
): Array<{ item: T; score: number }> {
  const out: Array<{ item: T; score: number; tie: number }> = [];
  for (const item of items) {
    const score = scoreOf(item, query);
    if (score !== undefined) out.push({ item, score, tie: tieBreak(item) });
  }
  return out
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.tie - b.tie ||
        a.item.label.localeCompare(b.item.label, undefined, { numeric: true }),
    )
    .map(({ item, score }) => ({ item, score }));
}
