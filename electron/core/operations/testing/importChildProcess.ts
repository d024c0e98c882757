import { openTestbed } from './importTestbed';

// Runs one import job of a workspace file to its end, as the app would after a restart: jobs a
// crash left running are marked interrupted, then resumed. The crash test starts this in a child
// process and kills it (SIGKILL) at random moments. Arguments come from the environment:
// FORMDESK_CACHE, FORMDESK_JOB, FORMDESK_BASE_URL, FORMDESK_API_KEY.

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const bed = openTestbed({
  baseUrl: env('FORMDESK_BASE_URL'),
  apiKey: env('FORMDESK_API_KEY'),
  cacheFile: env('FORMDESK_CACHE'),
  rate: 5,
});
bed.journal.markInterrupted();
process.stdout.write('running\n');
void bed.runner.run(env('FORMDESK_JOB')).then((state) => {
  bed.close();
  process.stdout.write(`${state}\n`);
});
