import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirInUse, lockDataDir } from '../core/files/dataDirLock';
import { createLogger } from '../core/logging/log';
import { DEMO_RESPONDENTS_PER_MINUTE } from '../core/workspaces/demoRespondents';
import { startHost } from './startHost';

/**
 * `npm run serve -- [--port N] [--data-dir DIR] [--no-demo]`: Formdesk in the browser, until
 * Ctrl+C. `builtDir` is the folder of the built entry, beside the renderer and the workers.
 */
export function serve(builtDir: string): void {
  main(builtDir).catch(failed);
}

async function main(builtDir: string): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string', default: '.formdesk-data' },
      'no-demo': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, not ${values.port}`);

  const { FORMDESK_API_URL: baseUrl, FORMDESK_API_KEY: apiKey } = process.env;
  if (Boolean(baseUrl) !== Boolean(apiKey)) {
    throw new Error('Set both FORMDESK_API_URL and FORMDESK_API_KEY, or neither.');
  }
  const dataDir = resolve(values['data-dir']);
  // One writer per data dir: a second start points to the running one instead.
  const lock = lockDataDir(dataDir);
  const log = createLogger();
  const host = await startHost({
    port,
    dataDir,
    // out/main/host.js serves out/renderer.
    rendererDir: join(builtDir, '../renderer'),
    builtDir,
    autoOpenDemo: !values['no-demo'],
    // Respondents arrive now and then, so webhooks and the tables can be seen working.
    demo: { simulatePerMinute: DEMO_RESPONDENTS_PER_MINUTE },
    ...(baseUrl && apiKey ? { remote: { baseUrl, apiKey } } : {}),
    log,
  });
  lock.announce(host.url);
  process.stdout.write(
    `Formdesk is running in browser mode. Open this address (it carries this run's access token):\n  ${host.url}\n`,
  );

  const stop = () => {
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('closing failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function failed(error: unknown): never {
  if (error instanceof DataDirInUse) {
    process.stdout.write(`${error.message}\n`);
    process.exit(error.owner.address ? 0 : 1);
  }
  process.stderr.write(
    `Formdesk could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
