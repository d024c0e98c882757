/**
 * An operation's input as its caller sent it: UTF-8 JSON, not yet parsed. Browser mode's request
 * body goes to the worker that runs the operation as these bytes, moved rather than copied, and
 * is parsed there: the thread that answers clicks never parses an upload's part. Parsed and
 * copied on that thread, each part's text set off full garbage collections of its heap while a
 * file uploaded, and the calls made while files were read and checked waited on them.
 */
export class JsonInput {
  constructor(readonly bytes: Uint8Array) {}

  /** The input (undefined for an empty body), or null for text that is not JSON. */
  read(): { value: unknown } | null {
    if (this.bytes.byteLength === 0) return { value: undefined };
    try {
      return { value: JSON.parse(utf8.decode(this.bytes)) };
    } catch {
      return null;
    }
  }
}

const utf8 = new TextDecoder();
