import type { BenchRow } from './types';

/** What every reader of the results needs before the figures: how they were made and read. */
const METHOD = `How these figures are made: \`npm run bench\` runs every benchmark below on this machine and
writes this file; \`npm run bench -- --only NAME\` runs one and replaces only its section. Each
section says the machine, the date and the load average the run shared the machine with.

- **measured** is what a person would feel (a whole import, a click until the rows are painted);
  **reference** is a limit or a hand-made equivalent measured in the same run (the service's rate
  floor, the same rows written with SQL or SheetJS by hand, a bare click, the idle probes), and
  **ratio** is measured ÷ reference, so a slower or busier machine moves both alike.
- **target** is what the product promises; **verdict** says whether this run met it, or only
  reports a figure where nothing is promised.
- Nothing here is asserted by a test: a benchmark run on a loaded machine reports slower figures,
  it does not fail. The quick tier (\`npm run test:bench\`, part of \`npm test\`) runs every benchmark
  at small sizes to keep them working and writes \`test-results/bench-quick.md\` instead.
- Why a figure moved lives in the commit that moved it (\`git log -p bench/results.md\`).`;

export interface RunFacts {
  machine: string;
  load: string;
  date: string;
  tier: string;
}

export interface BenchOutcome {
  name: string;
  rows: BenchRow[];
  /** Why the benchmark could not run, when it could not. */
  failure?: string;
}

function verdict(met: boolean | undefined): string {
  return met === undefined ? 'reported' : met ? 'met' : '**missed**';
}

/** A table cell: a pipe would end the cell early and a line break the row. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

export function renderSection(outcome: BenchOutcome, facts: RunFacts): string {
  const lines = [
    `## ${outcome.name}`,
    '',
    `${facts.date}; ${facts.machine}; ${facts.load}. Tier: ${facts.tier}.`,
    '',
  ];
  if (outcome.rows.length > 0) {
    lines.push(
      '| benchmark | measured | reference | ratio | target | verdict |',
      '|---|---|---|---|---|---|',
      ...outcome.rows.map(
        (r) =>
          `| ${cell(r.benchmark)} | ${cell(r.measured)} | ${cell(r.reference)} | ${r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}×`} | ${cell(r.target)} | ${verdict(r.met)} |`,
      ),
    );
  }
  if (outcome.failure !== undefined) {
    if (outcome.rows.length > 0) lines.push('');
    lines.push(`Could not run: ${cell(outcome.failure)}`);
  }
  return lines.join('\n');
}

/** The sections of a results file, by benchmark name, in the order they appear. */
export function readSections(file: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of file.split(/^(?=## )/m)) {
    const name = /^## (\S+)/.exec(part)?.[1];
    if (name !== undefined) sections.set(name, part.trimEnd());
  }
  return sections;
}

/**
 * The whole file: the sections of this run in place of their old ones, the others kept as they
 * were, in the order the benchmarks run; a benchmark no longer run loses its section.
 */
export function writeResults(
  order: readonly string[],
  previous: string,
  outcomes: readonly BenchOutcome[],
  facts: RunFacts,
): string {
  const sections = readSections(previous);
  for (const outcome of outcomes) sections.set(outcome.name, renderSection(outcome, facts));
  const body = order.flatMap((n) => sections.get(n) ?? []).join('\n\n');
  return `# Formdesk benchmarks\n\n${METHOD}\n\n${body}\n`;
}
