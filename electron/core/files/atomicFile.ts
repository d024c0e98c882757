import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  openSync,
  closeSync,
  fsyncSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { type z } from 'zod';

/**
 * Replace a file's content all at once: write a sibling temp file, fsync it, rename it over the
 * target. A crash leaves either the old or the new file, never half of one.
 */
export function writeFileAtomic(file: string, content: string, mode = 0o600): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, 'w', mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The parsed file, or `fallback` when it does not exist yet. A file that fails the schema throws. */
export function readJsonFile<S extends z.ZodType>(
  file: string,
  schema: S,
  fallback: z.output<S>,
): z.output<S> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw error;
  }
  return schema.parse(JSON.parse(text));
}
