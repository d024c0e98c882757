const utf8 = new TextDecoder();

/**
 * An answer's data as UTF-8 JSON its handler wrote and checked against the operation's output
 * schema, sent on as bytes: a window's submissions go out as the cache holds them, never parsed
 * and written again on their way.
 */
export class WrittenJson {
  constructor(readonly bytes: Uint8Array) {}

  /** The data as a caller in the same thread reads it. */
  parse(): unknown {
    return JSON.parse(utf8.decode(this.bytes));
  }
}
