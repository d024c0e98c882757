/** How a typed value relates to a question's options. */
export type OptionMatch =
  /** Exactly one of the options. */
  | { kind: 'exact'; option: string }
  /** An option written with other case, spacing or accents: unambiguous, sent as the option. */
  | { kind: 'same'; option: string }
  /** A few letters off one option (a typo): offered, never sent without the user's say. */
  | { kind: 'near'; option: string }
  | { kind: 'none' };

/** `"  Pro   PLAN "`, `"Pró plan"` → `"pro plan"`. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Edits between two strings (insert, delete, replace, or swap two neighbours: the usual typos),
 * stopping early once it exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Typos allowed for a value of this length: one in a short word, about one in five letters beyond. */
function allowedEdits(length: number): number {
  return Math.max(1, Math.floor(length / 5));
}

export function matchOption(value: string, options: readonly string[]): OptionMatch {
  if (options.includes(value)) return { kind: 'exact', option: value };
  const folded = foldText(value);
  const same = options.filter((o) => foldText(o) === folded);
  if (same.length === 1) return { kind: 'same', option: same[0]! };
  const limit = allowedEdits(folded.length);
  let best: { option: string; distance: number } | null = null;
  let tied = false;
  for (const option of options) {
    const distance = editDistance(folded, foldText(option), limit);
    if (distance > limit) continue;
    if (best && distance === best.distance) tied = true;
    if (!best || distance < best.distance) {
      best = { option, distance };
      tied = false;
    }
  }
  return best && !tied ? { kind: 'near', option: best.option } : { kind: 'none' };
}
