// `npm run bench [-- --quick] [-- --only name] [-- --max-rows N] [-- --caches dir]`: runs the
// benchmarks, prints their tables and writes them to bench/results.md (full tier; `--only`
// replaces only its sections) or test-results/bench-quick.md (quick tier).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benches } from './suite';
import { type BenchOutcome, renderSection, writeResults } from './resultsFile';

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
  const outcomes: BenchOutcome[] = [];
  for (const bench of selected) {
    const started = performance.now();
    console.error(`▶ ${bench.name}${quick ? ' (quick)' : ''}`);
    try {
      const rows = await bench.run({
        quick,
        maxRows,
        caches: values.caches === undefined ? undefined : path.resolve(values.caches),
        log: (line) => console.error(`  ${line}`),
      });
      outcomes.push({ name: bench.name, rows });
    } catch (error) {
      outcomes.push({
        name: bench.name,
        rows: [],
        failure: error instanceof Error ? error.message : String(error),
      });
    }
    console.error(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const cpus = os.cpus();
  const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join('/');
  const facts = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.arch()}, Node ${process.versions.node}`,
    // Other work on the machine slows every figure: the load says how much the run shared it.
    load: `load average ${loads(loadAtStart)} at the start, ${loads(os.loadavg())} at the end (1/5/15 min)`,
    tier: `${quick ? 'quick (small sizes; not comparable with the targets)' : 'full'}${
      Number.isFinite(maxRows) ? `, sizes above ${maxRows.toLocaleString('en')} rows left out` : ''
    }`,
  };

  const root = path.resolve(__dirname, '..');
  const out = quick
    ? path.join(root, 'test-results', 'bench-quick.md')
    : path.join(root, 'bench', 'results.md');
  mkdirSync(path.dirname(out), { recursive: true });
  const previous = existsSync(out) && !quick ? readFileSync(out, 'utf8') : '';
  const file = writeResults(
    benches.map((b) => b.name),
    previous,
    outcomes,
    facts,
  );
  writeFileSync(out, file);
  const failures = outcomes.filter((o) => o.failure !== undefined);
  // The quick tier is part of `npm test`: the closing summary counts each benchmark that ran.
  if (quick) {
    writeFileSync(
      path.join(root, 'test-results', 'bench-quick.json'),
      JSON.stringify({
        ran: outcomes.length - failures.length,
        failures: failures.map((o) => `${o.name}: ${o.failure}`),
      }),
    );
  }
  console.log(outcomes.map((o) => renderSection(o, facts)).join('\n\n'));
  console.error(`written to ${path.relative(root, out)}`);
  return failures.length === 0 ? 0 : 1;
}

void main().then((code) => process.exit(code));
