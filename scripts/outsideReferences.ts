// Finds files of the project that reach outside its checkout. A clone stands alone: whatever sat
// beside the folder it was developed in is not beside a user's clone, so a test, script or doc that
// names such a path works where it was written and fails (or misleads) everywhere else.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutsideReference {
  /** The file, relative to the root. */
  file: string;
  line: number;
  /** The path as written. */
  reference: string;
  /** Where it leads, relative to the root (starts with `..`). */
  resolved: string;
}

/** Never part of a checkout: installs, builds and run output. */
const SKIPPED_DIRECTORIES = new Set([
  '.git',
  'node_modules',
  'out',
  'dist',
  'test-results',
  'playwright-report',
  '.formdesk-data',
  'runs',
]);
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEXT = /\.(md|json|ya?ml|html|css|sh)$|^\.ci\//;

/** A relative path that climbs (starts with `..` and a slash), not one inside a longer path. */
const RELATIVE_PATH = /(?<![\w./\\-])(?:\.\.\/)+[\w@.-][^\s'"`)\]>,;]*/g;
const QUOTED = String.raw`(?:'[^'\n]*'|"[^"\n]*"|\x60[^\x60\n]*\x60)`;
const SEGMENTS = String.raw`(${QUOTED}(?:\s*,\s*${QUOTED})*)`;
/**
 * How code anchors a path: at its own folder (module specifiers, `__dirname`,
 * `import.meta.dirname`, `new URL(…, import.meta.url)`), at the project root (a variable named for
 * it, as the tests name theirs) or at the working folder npm runs in, which is the root.
 */
const ANCHORED: { pattern: RegExp; base: 'file' | 'root' }[] = [
  {
    pattern: new RegExp(
      String.raw`(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\bvi\.mock\s*\(\s*)(${QUOTED})`,
      'g',
    ),
    base: 'file',
  },
  {
    pattern: new RegExp(String.raw`(?:__dirname|import\.meta\.dirname)\s*,\s*${SEGMENTS}`, 'g'),
    base: 'file',
  },
  {
    pattern: new RegExp(String.raw`new URL\(\s*(${QUOTED})\s*,\s*import\.meta\.url`, 'g'),
    base: 'file',
  },
  {
    pattern: new RegExp(String.raw`\b\w*(?:root|Root|ROOT)\w*\s*,\s*${SEGMENTS}`, 'g'),
    base: 'root',
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:readFileSync|readFile|createReadStream|readdirSync|readdir|existsSync|statSync|stat|setInputFiles)\(\s*(${QUOTED})`,
      'g',
    ),
    base: 'root',
  },
];

/** Every file of the checkout a test, script, build or reader may follow a path from. */
export function checkoutFiles(root: string, dir = root): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRECTORIES.has(entry.name)) {
      files.push(...checkoutFiles(root, full));
    } else if (entry.isFile()) {
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (CODE.test(relative) || TEXT.test(relative)) files.push(relative);
    }
  }
  return files;
}

/** Every path in the checkout's files that leads outside `root`. */
export function findOutsideReferences(root: string): OutsideReference[] {
  const outside = path.dirname(path.resolve(root)) + path.sep;
  const found: OutsideReference[] = [];
  for (const file of checkoutFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n');
    const leaves = (base: string, reference: string) => {
      const resolved = path.relative(root, path.resolve(base, reference));
      return resolved === '..' || resolved.startsWith(`..${path.sep}`) ? resolved : null;
    };
    const report = (index: number, reference: string, resolved: string | null) => {
      if (resolved !== null) found.push({ file, line: lineOf(text, index), reference, resolved });
    };
    const fileDir = path.dirname(path.join(root, file));
    const code = CODE.test(file);
    // Docs, configs and comments in code: a path there is written from the file's folder, or
    // from the root when it names nothing from the file's folder.
    for (const match of text.matchAll(RELATIVE_PATH)) {
      if (code && !isComment(lines[lineOf(text, match.index) - 1]!)) continue;
      const fromFile = path.resolve(fileDir, match[0]);
      const base = existsSync(fromFile) ? fileDir : root;
      report(match.index, match[0], leaves(fileDir, match[0]) ?? leaves(base, match[0]));
    }
    if (code) {
      for (const { pattern, base } of ANCHORED) {
        for (const match of text.matchAll(pattern)) {
          const segments = [...match[1]!.matchAll(new RegExp(QUOTED, 'g'))].map((m) =>
            m[0].slice(1, -1),
          );
          const reference = segments.join('/');
          // An absolute path here is a URL path or a system file; the machine's folders are below.
          if (reference.startsWith('/')) continue;
          report(match.index, reference, leaves(base === 'file' ? fileDir : root, reference));
        }
      }
    }
    // An absolute path to something in the folder the checkout sits in is beside it, too. One
    // that leads to nothing there is a sample path (a checkout cloned straight into /tmp meets
    // '/tmp/b' in a test of argument parsing).
    for (let at = text.indexOf(outside); at !== -1; at = text.indexOf(outside, at + 1)) {
      const reference = /^[^\s'"`)]*/.exec(text.slice(at))![0];
      if (existsSync(reference)) report(at, reference, leaves(root, reference));
    }
  }
  return found.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function isComment(line: string): boolean {
  return /^\s*(\/\/|\/\*|\*)/.test(line);
}
