import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { LocalMutation } from '../shared/api/localApi';

/**
 * The `--store` file: one JSON line per change (create, delete, edit, webhook) on top of the
 * seeded data, replayed at start. The first line names the data set it belongs to, so a store is
 * never replayed onto different seed data. Each change is appended before it is answered.
 */
export class MutationLog {
  private constructor(private readonly file: string) {}

  /** Opens (or starts) a store; returns it with the changes to replay. */
  static open(file: string, fingerprint: string): { log: MutationLog; changes: LocalMutation[] } {
    const log = new MutationLog(file);
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      log.append({ op: 'init', fingerprint });
      return { log, changes: [] };
    }
    const lines = readFileSync(file, 'utf8').split('\n');
    const changes: LocalMutation[] = [];
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const parsed = parseLine(line);
      // A process killed mid-append leaves a torn last line: that change never happened.
      if (!parsed && i >= lines.length - 2) return;
      if (!parsed) throw new Error(`${file}: line ${i + 1} is not a local API change`);
      changes.push(parsed);
    });
    const [init, ...rest] = changes;
    if (init?.op !== 'init') throw new Error(`${file} is not a local API store`);
    if (init.fingerprint !== fingerprint) {
      throw new Error(
        `${file} belongs to different data (another seed, data file or size): use a new store`,
      );
    }
    return { log, changes: rest };
  }

  append(change: LocalMutation): void {
    appendFileSync(this.file, `${JSON.stringify(change)}\n`);
  }
}

function parseLine(line: string): LocalMutation | undefined {
  try {
    const result = LocalMutation.safeParse(JSON.parse(line));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
