import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AllowedFigure,
  citedFigure,
  commentLines,
  findCommentFigures,
} from './commentFigures';

const root = path.resolve(import.meta.dirname, '..');

/** Figures in comments that are limits the code sets or meets, not measurements. */
const ALLOWED: AllowedFigure[] = [
  {
    file: 'electron/core/files/heldFiles.ts',
    fragment: 'up to 1.8 s, 50 ms longer each time',
    reason: 'What `HELD_FILE_RETRY` below sets: the tries and the step between them.',
  },
  {
    file: 'electron/local-api/clientTimeouts.ts',
    fragment: 'every 30 s by default',
    reason: "Node's default `connectionsCheckingInterval`, a limit of the platform.",
  },
  {
    file: 'electron/threads/wizardThreadLimits.ts',
    fragment: 'nor over 3 GB',
    reason: "The heap cap the line below sets for the wizard's thread.",
  },
];

describe('comments in production code', () => {
  it('cite no measured figure: the why stays, the figure goes to the benchmarks', () => {
    const found = findCommentFigures(root, ALLOWED).map(
      ({ file, line, figure, text }) => `${file}:${line}: "${figure}" in: ${text}`,
    );
    expect(found).toEqual([]);
  });

  it('allow only figures still written where the allow-list says', () => {
    const stale = ALLOWED.filter(({ file, fragment }) => {
      const comments = [...commentLines(readFileSync(path.join(root, file), 'utf8')).values()];
      return !comments.some((text) => text.includes(fragment) && citedFigure(text) !== null);
    });
    expect(stale).toEqual([]);
  });
});

describe('citedFigure', () => {
  it.each([
    ['23.3 ms against 26.5 ms (medians of eight runs)', '23.3 ms'],
    ['the p99 of calls while it ran', 'p99'],
    ['a trivial call took 53–105 ms', '53–105 ms'],
    ['reading the columns took 0.7–1.2 s at most', '0.7–1.2 s'],
    ['the host wrote 2.8 GB, not 8.7 GB', '2.8 GB'],
    ['a window is about 237 KB', '237 KB'],
    ['a first sync took 1.11–1.14× its floor', '1.11–1.14×'],
    ['it ran 2x slower', '2x'],
    ['calls over it fell by 12%', '12%'],
    ['at 100k rows, grouping is slower', '100k'],
    ['on a 1M-row workspace', '1M'],
    ['the first window took its p95', 'p95'],
    ['a median of the runs', 'median'],
    ['taken in two runs of three', 'in two runs'],
    ['each the best of the runs of five', 'runs of five'],
    ['took three times as long as walking', 'three times as long'],
    ['that read them in 12.6 seconds', '12.6 seconds'],
  ])('finds the figure in %j', (text, figure) => {
    expect(citedFigure(text)).toBe(figure);
  });

  it.each([
    'A page of 150 submissions, as the service sends it.',
    'Failures are 400s told apart by their message; a 429 asks us to wait.',
    'The rows are compared as UTF-8 bytes, ASCII case aside.',
    "At the service's five requests a second, if nothing else shares the key.",
    'Doc example: `83_000` → `1 min 23 s`, shown as "4 min 58 s" or "42%".',
    'A sort by a question reads two runs: the rows that answered and the rest.',
    "Each item's average place (1 = first), best first.",
    'A large form takes seconds to read; a few pages a transaction store it sooner.',
    'Version 1.2.3 of the schema, and 0x1F as a mask.',
  ])('finds no figure in %j', (text) => {
    expect(citedFigure(text)).toBeNull();
  });
});

describe('findCommentFigures', () => {
  const checkout = mkdtempSync(path.join(tmpdir(), 'formdesk-figures-'));
  afterAll(() => rmSync(checkout, { recursive: true, force: true }));

  function plant(files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(checkout, name)), { recursive: true });
      writeFileSync(path.join(checkout, name), text);
    }
  }

  it('names the file and line of each cited figure, in comments of production code only', () => {
    plant({
      'electron/core/store.ts': [
        '/**',
        ' * Pages stored a few a transaction: each commit writes the same index pages again.',
        ' * Measured: 4.7 s three a transaction.',
        ' */',
        'export const PAGES = 3; // 5.7 s one a transaction',
        "const label = '5 ms'; // a string, not a comment",
        'const url = "https://example.test/a"; // reached at 100k rows',
      ].join('\n'),
      'renderer/src/Table.tsx': [
        'export const Table = () => (',
        '  <div>',
        '    {/* a window took 1–2 ms to clone */}',
        '  </div>',
        ');',
      ].join('\n'),
      'scripts/tool.mjs': '// p99 16 ms against 55 ms\n',
      'electron/core/limits.ts':
        '/** The service allows 5 per second; pauses double up to 30 s. */\n',
      'electron/core/store.test.ts': '// took 4.7 s\n',
      'electron/core/testing/fake.ts': '// took 4.7 s\n',
      'e2e/app.spec.ts': '// took 4.7 s\n',
      'bench/run.ts': '// took 4.7 s\n',
    });
    const allowed: AllowedFigure[] = [
      { file: 'electron/core/limits.ts', fragment: 'up to 30 s', reason: 'a cap the code sets' },
    ];
    expect(
      findCommentFigures(checkout, allowed).map(({ file, line, figure }) => [file, line, figure]),
    ).toEqual([
      ['electron/core/store.ts', 3, '4.7 s'],
      ['electron/core/store.ts', 5, '5.7 s'],
      ['electron/core/store.ts', 7, '100k'],
      ['renderer/src/Table.tsx', 3, '1–2 ms'],
      ['scripts/tool.mjs', 1, 'p99'],
    ]);
    expect(findCommentFigures(checkout).map(({ file }) => file)).toContain(
      'electron/core/limits.ts',
    );
  });
});
