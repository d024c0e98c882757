import { describe, expect, it } from 'vitest';
import { readSections, renderSection, writeResults } from './resultsFile';

const facts = { date: '2026-11-29', machine: '2 cores', load: 'load average 0.5', tier: 'full' };
const order = ['import', 'sync', 'ui'];

describe('the results file', () => {
  it('replaces only the sections of the benchmarks that ran, in the order they run', () => {
    const first = writeResults(
      order,
      '',
      [
        {
          name: 'ui',
          rows: [
            {
              benchmark: 'paint',
              measured: '9 ms',
              reference: '—',
              target: 'report',
              met: undefined,
            },
          ],
        },
        {
          name: 'import',
          rows: [
            {
              benchmark: 'import',
              measured: '210 s',
              reference: 'floor 200 s',
              ratio: 1.05,
              target: '≤ 1.15',
              met: true,
            },
          ],
        },
      ],
      facts,
    );
    const second = writeResults(
      order,
      first,
      [
        {
          name: 'import',
          rows: [
            {
              benchmark: 'import',
              measured: '260 s',
              reference: 'floor 200 s',
              ratio: 1.3,
              target: '≤ 1.15',
              met: false,
            },
          ],
        },
      ],
      { ...facts, date: '2026-11-30' },
    );
    const sections = readSections(second);
    expect([...sections.keys()]).toEqual(['import', 'ui']);
    expect(sections.get('import')).toContain(
      '| import | 260 s | floor 200 s | 1.30× | ≤ 1.15 | **missed** |',
    );
    expect(sections.get('import')).toContain('2026-11-30');
    expect(sections.get('ui')).toBe(readSections(first).get('ui'));
    expect(sections.get('ui')).toContain('| paint | 9 ms | — | — | report | reported |');
  });

  it('drops the section of a benchmark no longer run', () => {
    const old = renderSection({ name: 'gone', rows: [] }, facts);
    expect(readSections(writeResults(order, `# x\n\n${old}\n`, [], facts)).has('gone')).toBe(false);
  });

  it('keeps a pipe or a line break in a figure inside its cell', () => {
    const text = renderSection(
      {
        name: 'sync',
        rows: [{ benchmark: 'a | b', measured: '1\n2', reference: '—', target: 't' }],
      },
      facts,
    );
    expect(text).toContain('| a \\| b | 1 2 | — | — | t | reported |');
  });

  it('says why a benchmark could not run', () => {
    const text = renderSection({ name: 'sync', rows: [], failure: 'port in use' }, facts);
    expect(text).toContain('Could not run: port in use');
    expect(text).not.toContain('| benchmark |');
  });
});
