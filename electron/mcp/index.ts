import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { assistantServer } from './assistantServer';

// `npm run --silent mcp -- --data-dir DIR [--workspace NAME]`: the assistants' server on stdio.
// Standard output carries the protocol alone: anything else goes to standard error.

const USAGE = 'Usage: npm run --silent mcp -- --data-dir DIR [--workspace NAME]';
const VERSION = '0.1.0';

async function main(): Promise<void> {
  let dataDir: string;
  let workspace: string | undefined;
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: { 'data-dir': { type: 'string' }, workspace: { type: 'string' } },
      strict: true,
    });
    if (!values['data-dir'])
      throw new Error('--data-dir is required: the folder Formdesk keeps its data in.');
    dataDir = values['data-dir'];
    workspace = values.workspace;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { server, close } = assistantServer({ dataDir, workspace, version: VERSION });
  // The assistant closing its end of the pipe is the end of the session.
  process.stdin.once('end', () => {
    close();
    process.exit(0);
  });
  await server.connect(new StdioServerTransport());
  console.error(
    `Formdesk's assistants' server reads ${dataDir}${workspace ? ` (${workspace})` : ''}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
