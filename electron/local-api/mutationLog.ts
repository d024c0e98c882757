import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  truncateSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { LocalMutation } from '../shared/api/localApi';
import { GENERATED_UNTIL } from './rowColumns';

export interface OpenedStore {
  log: MutationLog;
  /** The changes to replay, oldest first. */
  changes: LocalMutation[];
  /** When the generated rows the changes were made on end (ms). */
  generatedUntil: number;
  /** Set when the file could not be used: where it was moved, and why. */
  setAside?: { file: string; reason: string };
}

/**
 * The `--store` file: one JSON line per change (create, delete, edit, webhook) on top of the
 * seeded data, replayed at start. Each change is appended before it is answered.
 *
 * The first line names the data the changes were made on. A store made on other data (another
 * seed or size, changed demo forms after an update) or unreadable is moved aside, never replayed
 * and never deleted, and the workspace starts afresh: a demo must always open.
 *
 * It also says when the generated rows end. A new store's end at `until` (`startLocalApi` gives
 * three days before now), so a demo first opened in a year's time shows the months before, not a
 * data set a year old; they stay where they were for as long as the store is kept, as a real
 * account's would.
 */
export class MutationLog {
  private constructor(private readonly file: string) {}

  static open(file: string, fingerprint: string, until: number): OpenedStore {
    const log = new MutationLog(file);
    const fresh = { changes: [], generatedUntil: until };
    if (!existsSync(file)) return { log: log.start(fingerprint, until), ...fresh };
    const read = readStore(readFileSync(file, 'utf8'), fingerprint);
    if (read.ok) {
      // A process killed mid-append leaves a torn last line: that change never happened, and
      // the next change must start on a line of its own.
      if (read.torn) truncateSync(file, read.validBytes);
      return { log, changes: read.changes, generatedUntil: read.generatedUntil };
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const aside = `${file}.${stamp}-${randomBytes(3).toString('hex')}.old`;
    renameSync(file, aside);
    return {
      log: log.start(fingerprint, until),
      ...fresh,
      setAside: { file: aside, reason: read.reason },
    };
  }

  append(change: LocalMutation): void {
    // The demo's changes may hold what a person typed: for this OS user alone.
    appendFileSync(this.file, `${JSON.stringify(change)}\n`, { mode: 0o600 });
  }

  private start(fingerprint: string, until: number): this {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    this.append({ op: 'init', fingerprint, generatedUntil: new Date(until).toISOString() });
    return this;
  }
}

type StoreRead =
  | {
      ok: true;
      changes: LocalMutation[];
      generatedUntil: number;
      torn: boolean;
      validBytes: number;
    }
  | { ok: false; reason: string };

/** Only lines ended by a newline count: anything after the last one was cut off mid-write. */
function readStore(text: string, fingerprint: string): StoreRead {
  const lines = text.split('\n');
  const unfinished = lines.pop() ?? '';
  const changes: LocalMutation[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const parsed = parseLine(line);
    if (!parsed) return { ok: false, reason: `line ${i + 1} is not a local API change` };
    changes.push(parsed);
  }
  const validBytes = Buffer.byteLength(text) - Buffer.byteLength(unfinished);
  return finish(changes, fingerprint, unfinished !== '', validBytes);
}

function finish(
  changes: LocalMutation[],
  fingerprint: string,
  torn: boolean,
  validBytes: number,
): StoreRead {
  const [init, ...rest] = changes;
  if (init?.op !== 'init') return { ok: false, reason: 'it is not a local API store' };
  if (init.fingerprint !== fingerprint) {
    return { ok: false, reason: 'it was made on other data (another seed, data file or size)' };
  }
  const generatedUntil =
    init.generatedUntil === undefined ? GENERATED_UNTIL : Date.parse(init.generatedUntil);
  return { ok: true, changes: rest, generatedUntil, torn, validBytes };
}

function parseLine(line: string): LocalMutation | undefined {
  try {
    const result = LocalMutation.safeParse(JSON.parse(line));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
