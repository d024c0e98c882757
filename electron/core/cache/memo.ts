/** Values read from the database, each kept until its form changes; the oldest make room. */
export class Memo<T> {
  private readonly entries = new Map<string, { version: string; value: T; weight: number }>();
  private weight = 0;

  /** At most `size` values, and with `weigh`, at most `most` in their weights' sum. */
  constructor(
    private readonly size: number,
    private readonly limit: { weigh: (value: T) => number; most: number } = {
      weigh: () => 0,
      most: 0,
    },
  ) {}

  get(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.value : undefined;
  }

  /** The value last kept for `key`, whatever its version. */
  latest(key: string): { version: string; value: T } | undefined {
    const entry = this.entries.get(key);
    return entry && { version: entry.version, value: entry.value };
  }

  set(key: string, version: string, value: T): void {
    this.drop(key);
    const weight = this.limit.weigh(value);
    // A Map iterates in insertion order: the first key is the oldest.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.size && this.weight + weight <= this.limit.most) break;
      this.drop(oldest);
    }
    this.entries.set(key, { version, value, weight });
    this.weight += weight;
  }

  private drop(key: string): void {
    this.weight -= this.entries.get(key)?.weight ?? 0;
    this.entries.delete(key);
  }
}
