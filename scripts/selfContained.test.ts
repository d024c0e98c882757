import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOutsideReferences } from './outsideReferences';

const root = path.resolve(import.meta.dirname, '..');
// Built from parts, so this file holds none of the paths it plants.
const UP = '../';
const DOTS = '..';

describe('the checkout stands alone', () => {
  it('has no file that reads, imports or points a reader outside it', () => {
    expect(findOutsideReferences(root)).toEqual([]);
  });
});

describe('findOutsideReferences', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'formdesk-outside-'));
  const checkout = path.join(parent, 'app');
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  function plant(files: Record<string, string>): void {
    rmSync(checkout, { recursive: true, force: true });
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(checkout, name)), { recursive: true });
      writeFileSync(path.join(checkout, name), text);
    }
  }

  it('finds paths that leave the checkout from its root, its files or its folder', () => {
    mkdirSync(path.join(parent, 'shared'), { recursive: true });
    writeFileSync(path.join(parent, 'shared/spec.yaml'), 'openapi: 3.0.0\n');
    plant({
      'src/core/a.test.ts': [
        `const projectRoot = fileURLToPath(new URL('${UP}${UP}', import.meta.url));`,
        `readFileSync(path.resolve(projectRoot, '${UP}shared/fixtures/csv', name));`,
        `const spec = join(PROJECT_ROOT, '${DOTS}', 'shared', 'spec.yaml');`,
        `const other = new URL('${UP}${UP}${UP}elsewhere/x.json', import.meta.url);`,
        `import { thing } from '${UP}${UP}${UP}sibling/lib';`,
        `readFileSync('${UP}notes.txt');`,
        `const absolute = '${parent}/shared/spec.yaml';`,
        `// the design is in ${UP}${UP}${UP}shared/DESIGN.md`,
      ].join('\n'),
      'README.md': `The design: [here](${UP}shared/DESIGN.md).\n`,
      'src/core/README.md': `Built against \`${UP}shared/spec/api.md\`.\n`,
    });
    expect(
      findOutsideReferences(checkout).map(({ file, line, resolved }) => [file, line, resolved]),
    ).toEqual([
      ['README.md', 1, path.join('..', 'shared/DESIGN.md')],
      ['src/core/README.md', 1, path.join('..', 'shared/spec/api.md')],
      ['src/core/a.test.ts', 2, path.join('..', 'shared/fixtures/csv')],
      ['src/core/a.test.ts', 3, path.join('..', 'shared/spec.yaml')],
      ['src/core/a.test.ts', 4, path.join('..', 'elsewhere/x.json')],
      ['src/core/a.test.ts', 5, path.join('..', 'sibling/lib')],
      ['src/core/a.test.ts', 6, path.join('..', 'notes.txt')],
      ['src/core/a.test.ts', 7, path.join('..', 'shared/spec.yaml')],
      ['src/core/a.test.ts', 8, path.join('..', 'shared/DESIGN.md')],
    ]);
  });

  it('leaves alone paths that stay inside, and paths that are data rather than places', () => {
    plant({
      'src/shared/contract.ts': 'export const contract = 1;\n',
      'src/core/a.ts': [
        `import { contract } from '${UP}shared/contract';`,
        `const root = resolve(__dirname, '${UP}${UP}');`,
        `const renderer = join(__dirname, '${UP}renderer');`,
        `const fixture = resolve(root, 'fixtures/csv', 'a.csv');`,
        `const hostile = ['${UP}${UP}${UP}etc/passwd', '/assets/${UP}${UP}x'];`,
        `const page = resolve(root, '/index.html');`,
        `expect(chooseDataDir(['--data-dir=${parent}/b'])).toBe('${parent}/b');`,
      ].join('\n'),
      'docs/guide.md': `See [the README](${UP}README.md) and \`src/core/a.ts\`.\n`,
      'README.md': 'x\n',
    });
    expect(findOutsideReferences(checkout)).toEqual([]);
  });
});
