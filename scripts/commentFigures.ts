// Finds comments in production code that cite a measured figure. A comment says why; the figure
// that decided a constant belongs in `bench/results.md` and the story of a change in its commit,
// where neither goes stale beside code that has moved on.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface CommentFigure {
  /** The file, relative to the root. */
  file: string;
  line: number;
  /** The comment line as written, trimmed. */
  text: string;
  /** What in it reads as a measurement. */
  figure: string;
}

/** A figure the project keeps in a comment on purpose: a design value or a limit of a service. */
export interface AllowedFigure {
  /** The file, relative to the root. */
  file: string;
  /** A fragment of the comment line that holds the figure. */
  fragment: string;
  /** Why the figure is not a measurement. */
  reason: string;
}

/** The folders of production code, and what within them is not. */
const PRODUCTION_FOLDERS = ['electron', 'renderer', 'scripts'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'out', 'dist', 'testing']);
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST = /\.(test|spec)\.[^.]+$/;

// Not the digits of a name such as UTF-8 or a version such as 1.2.3.
const NUMBER = String.raw`(?<![\w.-])\d+(?:[.,]\d+)*`;
const RANGE = String.raw`(?:\s*[–-]\s*\d+(?:[.,]\d+)*)?`;
/** Units written straight after the number or after a space. */
const UNITS = String.raw`ms|µs|us|ns|KB|MB|GB|TB|KiB|MiB|GiB|TiB|%|×|x`;
/** Units that read as a figure only after a space: an `s` straight after a number is a plural. */
const SPACED_UNITS = String.raw`s|sec|secs|seconds?|milliseconds?|min|minutes?|h|hours?|B|bytes`;

/** What reads as a measurement: a quantity in a unit, a size of form, a rank among calls, a ratio. */
const FIGURES: RegExp[] = [
  new RegExp(String.raw`${NUMBER}${RANGE}\s*(?:${UNITS})(?![\w])`, 'u'),
  new RegExp(String.raw`${NUMBER}${RANGE}\s+(?:${SPACED_UNITS})(?![\w])`, 'u'),
  // The size a figure was taken at: rows counted in thousands or millions.
  new RegExp(String.raw`${NUMBER}\s*[kM](?![\w])`, 'u'),
  /\bp(?:50|75|90|95|99|999)\b/,
  /\b(?:medians?|percentiles?)\b/i,
  // How a figure was taken: how many runs, of how many.
  /\b(?:of|in|over) (?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve) runs\b/i,
  /\bruns of (?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve)\b/i,
  /\b(?:twice|\w+ times) as (?:long|fast|slow|much|many)\b/i,
];

/**
 * Text in quotation marks or backticks is an example of what the code writes or reads (a duration
 * as the app shows it, a share as a label), never a figure taken of it.
 */
const QUOTED = /"[^"]*"|“[^”]*”|`[^`]*`/g;

/** The first part of `text` that reads as a measured figure, or null. */
export function citedFigure(text: string): string | null {
  const unquoted = text.replace(QUOTED, (quoted) => ' '.repeat(quoted.length));
  let first: RegExpExecArray | null = null;
  for (const pattern of FIGURES) {
    const match = pattern.exec(unquoted);
    if (match && (first === null || match.index < first.index)) first = match;
  }
  return first === null ? null : first[0].trim();
}

/** Every production file under `root`, relative to it: code that is neither a test nor a helper of one. */
export function productionFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !SKIPPED_DIRECTORIES.has(entry.name)) walk(full);
      else if (entry.isFile() && CODE.test(entry.name) && !TEST.test(entry.name)) {
        files.push(path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  for (const folder of PRODUCTION_FOLDERS) {
    try {
      walk(path.join(root, folder));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return files.sort();
}

/**
 * The comment text of each line of `source`, by line number: whole-line `//` comments, block
 * comments (JSX's braced ones too) and a `//` comment after code.
 */
export function commentLines(source: string): Map<number, string> {
  const comments = new Map<number, string>();
  let inBlock = false;
  source.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    if (inBlock) {
      comments.set(index + 1, trimmed);
      if (trimmed.includes('*/')) inBlock = false;
      return;
    }
    const block = /^\{?\/\*/.exec(trimmed);
    if (block) {
      comments.set(index + 1, trimmed);
      inBlock = !trimmed.slice(block[0].length).includes('*/');
      return;
    }
    // After code, a comment opens with a space before its slashes (`https://` has none).
    const slashes = /(?:^|\s)\/\/(.*)$/.exec(trimmed);
    if (slashes) comments.set(index + 1, trimmed.startsWith('//') ? trimmed : slashes[1]!.trim());
  });
  return comments;
}

/** Every comment line of production code that cites a measured figure, less the allowed ones. */
export function findCommentFigures(root: string, allowed: AllowedFigure[] = []): CommentFigure[] {
  const found: CommentFigure[] = [];
  for (const file of productionFiles(root)) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const [line, text] of commentLines(source)) {
      const figure = citedFigure(text);
      if (figure === null) continue;
      if (allowed.some((a) => a.file === file && text.includes(a.fragment))) continue;
      found.push({ file, line, text, figure });
    }
  }
  return found;
}
