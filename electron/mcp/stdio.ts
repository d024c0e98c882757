import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { assistantServer } from './assistantServer';

const VERSION = '0.1.0';

/** What the assistants' server reads: a data dir, and a workspace by name (else the last one). */
export interface AssistantTarget {
  dataDir: string;
  workspace?: string | undefined;
}

/**
 * Serves the assistants' tools on this process's stdin and stdout until the assistant closes its
 * end, then calls `ended`. Standard output carries the protocol alone: anything else goes to
 * standard error.
 */
export async function serveAssistantsOnStdio(
  target: AssistantTarget,
  ended: () => void,
): Promise<void> {
  const { server, close } = assistantServer({ ...target, version: VERSION });
  process.stdin.once('end', () => {
    close();
    ended();
  });
  await server.connect(new StdioServerTransport());
  console.error(
    `Formdesk's assistants' server reads ${target.dataDir}${target.workspace ? ` (${target.workspace})` : ''}.`,
  );
}
