import { type z } from 'zod';
import { activityOps } from './activity';
import { bulkDeleteOps } from './bulkDelete';
import { fileOps } from './files';
import { formOps } from './forms';
import { importOps } from './imports';
import { peopleOps } from './people';
import { startupOps } from './startup';
import { submissionOps } from './submissions';
import { summaryOps } from './summary';
import { syncOps } from './sync';
import { webhookOps } from './webhooks';
import { type WrittenJson } from './writtenJson';
import { workspaceOps } from './workspaces';

/** Every operation between renderer and core. Names are the stable API between processes. */
export const contract = {
  ...workspaceOps,
  ...formOps,
  ...syncOps,
  ...submissionOps,
  ...bulkDeleteOps,
  ...peopleOps,
  ...summaryOps,
  ...activityOps,
  ...webhookOps,
  ...importOps,
  ...fileOps,
  ...startupOps,
};

export type Contract = typeof contract;
export type OpName = keyof Contract;
/** What a caller passes (defaults not yet applied). */
export type OpInput<N extends OpName> = z.input<Contract[N]['input']>;
/** What a caller gets back. */
export type OpOutput<N extends OpName> = z.output<Contract[N]['output']>;

/** The operations whose handler writes its answer's JSON itself (`WrittenJson`). */
export type WrittenOp = 'submissions.query';

/**
 * Each operation's handler, on the thread `OP_THREADS` names; declared `satisfies`, a missing one
 * fails to compile.
 */
export type Handlers = {
  [N in OpName]: (
    input: z.output<Contract[N]['input']>,
  ) => Promise<z.input<Contract[N]['output']> | (N extends WrittenOp ? WrittenJson : never)>;
};

export function isOpName(name: unknown): name is OpName {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}
