/**
 * Two sorted lists read as one without copying either: matching generated rows (indices, often
 * a million) and matching stored rows (usually a few). Each stored row's slot in the merged order
 * is found by binary search once; a page then resolves each position with another.
 */
export class MergedRows<Stored> {
  readonly total: number;
  /** Merged position of each stored row, ascending. */
  private readonly slots: number[];

  /**
   * `before(index, row)` tells whether generated row `index` sorts before stored `row`; both lists
   * are already in that order.
   */
  constructor(
    private readonly generated: ArrayLike<number>,
    private readonly stored: readonly Stored[],
    before: (index: number, row: Stored) => boolean,
  ) {
    this.total = generated.length + stored.length;
    this.slots = stored.map((row, j) => {
      let lo = 0;
      let hi = generated.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(generated[mid] as number, row)) lo = mid + 1;
        else hi = mid;
      }
      return lo + j;
    });
  }

  /** The row at merged position `k` (0 ≤ k < total). */
  at(k: number): { generated: number } | { stored: Stored } {
    let lo = 0;
    let hi = this.slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.slots[mid] as number) < k) lo = mid + 1;
      else hi = mid;
    }
    if (this.slots[lo] === k) return { stored: this.stored[lo] as Stored };
    return { generated: this.generated[k - lo] as number };
  }
}
