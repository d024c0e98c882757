import { parseArgs } from 'node:util';
import { type AssistantTarget, serveAssistantsOnStdio } from './stdio';

// `npm run --silent mcp -- --data-dir DIR [--workspace NAME]`: the assistants' server on stdio.

const USAGE = 'Usage: npm run --silent mcp -- --data-dir DIR [--workspace NAME]';

function target(): AssistantTarget {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { 'data-dir': { type: 'string' }, workspace: { type: 'string' } },
    strict: true,
  });
  if (!values['data-dir'])
    throw new Error('--data-dir is required: the folder Formdesk keeps its data in.');
  return { dataDir: values['data-dir'], workspace: values.workspace };
}

let chosen: AssistantTarget;
try {
  chosen = target();
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
serveAssistantsOnStdio(chosen, () => process.exit(0)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
