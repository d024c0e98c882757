/**
 * The whole-file check under way, stopped and waited for before the app's last connections to
 * the file close: its read-only connection, left open past them, kept the last one that writes
 * from folding the WAL into the file, and the WAL stayed beside it.
 */
export class FileCheckRun {
  private checking: { stop: AbortController; done: Promise<unknown> } | null = null;

  constructor(
    private readonly check:
      ((file: string, signal: AbortSignal) => Promise<string | null>) | undefined,
  ) {}

  /**
   * Starts reading `file` whole, until `sessionSignal` aborts or the run is ended: the damage it
   * found (or null), and the signal it ran under; nothing when no check is offered.
   */
  start(
    file: string,
    sessionSignal: AbortSignal,
  ): { reading: Promise<string | null>; signal: AbortSignal } | null {
    const check = this.check;
    if (!check) return null;
    const stop = new AbortController();
    const signal = AbortSignal.any([sessionSignal, stop.signal]);
    const reading = check(file, signal);
    // A close waits for the read alone: a rebuild it found due waits its turn behind the close.
    const checking = { stop, done: reading.catch(() => null) };
    this.checking = checking;
    void checking.done.then(() => {
      if (this.checking === checking) this.checking = null;
    });
    return { reading, signal };
  }

  /** Stops the check under way, and resolves once its connection is closed. */
  async end(): Promise<void> {
    const checking = this.checking;
    checking?.stop.abort();
    await checking?.done;
  }
}
