/**
 * Bytes written one after another into one array that grows as they come. A window's answer is
 * written into one, its rows inflated straight into it: gathered as parts and joined, each row's
 * JSON was allocated and copied twice more.
 */
export class ByteSink {
  private bytes: Buffer;
  private length = 0;

  constructor(room: number) {
    this.bytes = Buffer.allocUnsafeSlow(Math.max(room, 64));
  }

  /** `part` after the bytes written. */
  write(part: Uint8Array): void {
    this.room(part.byteLength).set(part, this.length);
    this.length += part.byteLength;
  }

  /** `text`, as UTF-8, after the bytes written (three bytes at most for each UTF-16 unit). */
  writeText(text: string): void {
    this.length += this.room(text.length * 3).write(text, this.length, 'utf8');
  }

  /**
   * The array, with at least `least` bytes free after those written, for a writer that fills
   * them in place and then says how many it wrote (`wrote`).
   */
  room(least: number): Buffer {
    if (this.bytes.length - this.length < least) {
      const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.bytes.length, this.length + least));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    return this.bytes;
  }

  /** Bytes it holds room for. */
  get capacity(): number {
    return this.bytes.length;
  }

  /** Where the next byte goes. */
  get at(): number {
    return this.length;
  }

  wrote(count: number): void {
    this.length += count;
  }

  /** Forgets the last `count` bytes written, to write anew over them. */
  drop(count: number): void {
    this.length = Math.max(0, this.length - count);
  }

  /** Forgets the bytes written, to write anew over them. */
  clear(): void {
    this.length = 0;
  }

  /** The bytes written. */
  written(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}
