import { parseCliOptions, USAGE } from './cliOptions';
import { startLocalApi, type LocalApiOptions } from './server';

// `npm run local-api -- --port 4010 [--api-key KEY] [--seed N] [--submissions N] [--store F]
// [--rate-limit N] [--simulate N] [--data F]`: the local Form Submissions API until Ctrl+C.

async function main(): Promise<void> {
  let options: LocalApiOptions;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const api = await startLocalApi(options);
  console.log(`Local Form Submissions API at ${api.baseUrl}`);
  console.log(`Accepted key: ${api.apiKey}`);
  const stop = () => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
