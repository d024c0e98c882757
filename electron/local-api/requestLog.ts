import { type RequestLogEntry } from '../shared/api/localApi';

const KEPT_ENTRIES = 10_000;

/** The service requests answered so far (never the admin surface's), newest last. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > KEPT_ENTRIES)
      this.entries.splice(0, this.entries.length - KEPT_ENTRIES);
  }

  list(): RequestLogEntry[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}
