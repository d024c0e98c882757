import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type ServerResponse } from 'node:http';
import { type ExportDelivery } from '../shared/contract/files';
import { type ExportFile, removeDelivered } from '../core/exports/exportDelivery';

/** Long enough to click, short enough that a leaked link is worthless soon after. */
const TICKET_LIFETIME_MS = 5 * 60_000;
export const DOWNLOAD_PATH = '/download';

interface Ticket {
  file: ExportFile;
  expiresAt: number;
}

/**
 * Browser mode's export delivery: each export gets a one-time ticket URL. A page cannot attach
 * the bearer token to a plain link, so the ticket itself is the permission: random, single use,
 * short-lived, naming one file.
 */
export class Downloads {
  private readonly tickets = new Map<string, Ticket>();

  constructor(private readonly now: () => number = Date.now) {}

  offer(file: ExportFile): Promise<ExportDelivery> {
    this.sweep();
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, { file, expiresAt: this.now() + TICKET_LIFETIME_MS });
    return Promise.resolve({
      delivery: 'download',
      fileName: file.fileName,
      url: `${DOWNLOAD_PATH}?ticket=${ticket}`,
    });
  }

  /** Streams the ticket's file as an attachment; false when the ticket is unknown, used or expired. */
  async serve(ticket: string | null, response: ServerResponse): Promise<boolean> {
    this.sweep();
    const entry = ticket === null ? undefined : this.tickets.get(ticket);
    if (!entry || ticket === null) return false;
    this.tickets.delete(ticket);
    const info = await stat(entry.file.filePath).catch(() => null);
    if (!info?.isFile()) return false;
    response.writeHead(200, {
      'content-type': contentType(entry.file.fileName),
      'content-length': info.size,
      'content-disposition': `attachment; filename="${asciiName(entry.file.fileName)}"; filename*=UTF-8''${encodeURIComponent(entry.file.fileName)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    // Sent whole, the download is delivered; a broken one leaves the file until quit.
    response.once('finish', () => void removeDelivered(entry.file));
    createReadStream(entry.file.filePath).pipe(response);
    return true;
  }

  private sweep(): void {
    const now = this.now();
    for (const [ticket, entry] of this.tickets)
      if (entry.expiresAt <= now) this.tickets.delete(ticket);
  }
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function contentType(fileName: string): string {
  if (fileName.endsWith('.json')) return 'application/json';
  if (fileName.endsWith('.xlsx')) return XLSX_TYPE;
  return 'text/csv; charset=utf-8';
}

function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}
