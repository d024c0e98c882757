// The local service in a process of its own, so serving pages never shares a thread with what is
// measured: reads `{count, rateLimit, forms, port}` as JSON on stdin, prints `{baseUrl, apiKey}`
// as one JSON line, and serves until SIGTERM.
import { text } from 'node:stream/consumers';
import { startLocalApi } from '../electron/local-api';
import { DEMO_FORMS } from '../electron/local-api/demoForms';

export interface ServiceSetup {
  /** Generated submissions per form. */
  count: number;
  /** Requests per second per key; 0 turns the limit off. */
  rateLimit: number;
  /** How many of the demo forms it serves (the bench form first). */
  forms: number;
  /** 0 for any free port; a port to serve the same address again. */
  port: number;
}

export interface ServiceAddress {
  baseUrl: string;
  apiKey: string;
  port: number;
}

/** One key for every run, so the service started again at the same address is the same account. */
const BENCH_KEY = 'sk_bench_interaction00000000000000';

async function main(): Promise<void> {
  const setup = JSON.parse(await text(process.stdin)) as ServiceSetup;
  const forms = DEMO_FORMS.slice(0, setup.forms).map(({ submissions: _none, ...form }) => form);
  const api = await startLocalApi({
    port: setup.port,
    apiKeys: [BENCH_KEY],
    rateLimit: setup.rateLimit,
    submissionsPerForm: setup.count,
    seed: 42,
    data: { forms },
  });
  const address: ServiceAddress = { baseUrl: api.baseUrl, apiKey: api.apiKey, port: api.port };
  process.stdout.write(`${JSON.stringify(address)}\n`);
  process.once('SIGTERM', () => void api.close().then(() => process.exit(0)));
}

void main();
