import { parseArgs } from 'node:util';
import { apiKeyProblem } from '../shared/api/apiKey';
import { type LocalApiOptions } from './server';

export const USAGE = `Usage: npm run local-api -- [options]
  --port N          port on 127.0.0.1 (default 4010; 0 picks a free one)
  --api-key KEY     accepted bearer key (repeatable; default the demo key)
  --seed N          seed of the generated data (default 1)
  --submissions N   generated submissions per form (up to 1000000)
  --data FILE       forms (and submissions) from a JSON file instead of the demo forms
  --store FILE      keep creates, deletes, edits and webhooks in FILE across restarts
  --rate-limit N    requests per second per key (default 5; 0 = off)
  --simulate N      new respondent submissions per minute (delivered to webhooks)`;

export function parseCliOptions(args: string[]): LocalApiOptions {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      port: { type: 'string', default: '4010' },
      'api-key': { type: 'string', multiple: true },
      seed: { type: 'string' },
      submissions: { type: 'string' },
      data: { type: 'string' },
      store: { type: 'string' },
      'rate-limit': { type: 'string' },
      simulate: { type: 'string' },
    },
  });
  const count = (name: string, raw: string | undefined, max = Number.MAX_SAFE_INTEGER) => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value > max)
      throw new Error(`--${name} must be a whole number up to ${max}, got "${raw}"`);
    return value;
  };
  for (const key of values['api-key'] ?? []) {
    // A key the service's rules refuse would be "accepted" here and then refused on every request.
    const problem = apiKeyProblem(key);
    if (problem !== null) throw new Error(`--api-key: ${problem}`);
  }
  return {
    port: count('port', values.port, 65_535),
    ...(values['api-key'] ? { apiKeys: values['api-key'] } : {}),
    seed: count('seed', values.seed),
    submissionsPerForm: count('submissions', values.submissions, 1_000_000),
    data: values.data,
    store: values.store,
    rateLimit: count('rate-limit', values['rate-limit']),
    simulatePerMinute: count('simulate', values.simulate),
  };
}
