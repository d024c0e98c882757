// `npm run bench [-- --quick] [-- --only name] [-- --max-rows N] [-- --caches dir]`: runs every benchmark, prints a Markdown table and
// writes it to bench/results.md (full tier) or test-results/bench-quick.md (quick tier).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benches } from './suite';
import type { BenchRow } from './types';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    'max-rows': { type: 'string' },
    caches: { type: 'string' },
  },
});
const quick = values.quick ?? false;
const maxRows =
  values['max-rows'] === undefined ? Number.POSITIVE_INFINITY : Number(values['max-rows']);
const selected = benches.filter((b) => !values.only || values.only.includes(b.name));

async function main(): Promise<number> {
  const loadAtStart = os.loadavg();
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  for (const bench of selected) {
    const started = performance.now();
    console.error(`▶ ${bench.name}${quick ? ' (quick)' : ''}`);
    try {
      rows.push(
        ...(await bench.run({
          quick,
          maxRows,
          caches: values.caches === undefined ? undefined : path.resolve(values.caches),
          log: (line) => console.error(`  ${line}`),
        })),
      );
    } catch (error) {
      failures.push(`${bench.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    console.error(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.arch()}, Node ${process.versions.node}`;
  // Other work on the machine slows every figure: the load says how much the run shared it.
  const load = `load average ${loadAtStart.map((l) => l.toFixed(1)).join('/')} at the start, ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join('/')} at the end (1/5/15 min)`;
  const sizes = Number.isFinite(maxRows)
    ? ` Sizes above ${maxRows.toLocaleString('en')} rows left out.`
    : '';
  const verdict = (met: boolean | undefined) =>
    met === undefined ? 'reported' : met ? 'met' : '**missed**';
  const table = [
    `Machine: ${machine}; ${load}. Tier: ${quick ? 'quick (small sizes; figures are not comparable with the targets)' : 'full'}.${sizes} ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| benchmark | measured | reference | ratio | target | verdict |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.benchmark} | ${r.measured} | ${r.reference} | ${r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}×`} | ${r.target} | ${verdict(r.met)} |`,
    ),
    ...(failures.length > 0
      ? ['', 'Benchmarks that could not run:', ...failures.map((f) => `- ${f}`)]
      : []),
    '',
  ].join('\n');

  const root = path.resolve(__dirname, '..');
  const out = quick
    ? path.join(root, 'test-results', 'bench-quick.md')
    : path.join(root, 'bench', 'results.md');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `# Formdesk benchmarks\n\n${table}`);
  // The quick tier is part of `npm test`: the closing summary counts each benchmark that ran.
  if (quick) {
    writeFileSync(
      path.join(root, 'test-results', 'bench-quick.json'),
      JSON.stringify({ ran: selected.length - failures.length, failures }),
    );
  }
  console.log(table);
  console.error(`written to ${path.relative(root, out)}`);
  return failures.length === 0 ? 0 : 1;
}

void main().then((code) => process.exit(code));
