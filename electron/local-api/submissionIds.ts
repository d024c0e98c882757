import { mix } from './random';

/**
 * Ids of generated rows, shaped like the service's (UUID-like) and decodable: the last eight hex
 * digits carry the row index under a per-form mask, so finding a row by id needs no index of a
 * million strings. A decoded id is only accepted if it re-encodes to itself.
 */
export class GeneratedIds {
  private readonly mask: number;

  constructor(private readonly formSeed: number) {
    this.mask = mix(formSeed, 0x1d);
  }

  idOf(index: number): string {
    const a = mix(this.formSeed, index * 3 + 1);
    const b = mix(this.formSeed, index * 3 + 2);
    const hex = (n: number, width: number) =>
      (n >>> 0)
        .toString(16)
        .padStart(8, '0')
        .slice(8 - width);
    return [
      hex(a, 8),
      hex(b >>> 16, 4),
      `4${hex(b, 3)}`,
      hex(0x8000 | (mix(b, index) & 0x3fff), 4),
      `${hex(a >>> 8, 4)}${hex((index ^ this.mask) >>> 0, 8)}`,
    ].join('-');
  }

  /** The row index an id names, or undefined when it is not one of this form's generated ids. */
  indexOf(id: string): number | undefined {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))
      return undefined;
    const index = (Number.parseInt(id.slice(-8), 16) ^ this.mask) >>> 0;
    return this.idOf(index) === id ? index : undefined;
  }
}
