import { contract, isOpName, type Handlers, WrittenJson } from '../../shared/contract';
import { AppError, type Result } from '../../shared/errors';
import { issueList } from '../../shared/issueList';
import { storageError } from '../cache/storageError';

/**
 * The one router behind both bridges (IPC in main, HTTP in the host), run on the thread whose
 * handlers answer the operation (`handlers` may be a part of them): reject unknown operations,
 * parse the input, run the handler, parse the output (or take the JSON it wrote and checked),
 * answer an envelope. Nothing throws across,
 * and no stack, header or secret reaches the caller: unexpected failures become INTERNAL with a
 * plain sentence, and go to `onUnexpected` for the log.
 */
export async function dispatch(
  handlers: Partial<Handlers>,
  op: unknown,
  input: unknown,
  onUnexpected: (op: string, error: unknown) => void = () => {},
): Promise<Result<unknown>> {
  if (!isOpName(op)) {
    return failure(
      new AppError('INVALID_INPUT', `Unknown operation "${String(op).slice(0, 80)}".`),
    );
  }
  const def = contract[op];
  const parsed = def.input.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
    return failure(
      new AppError(
        'INVALID_INPUT',
        `Invalid input for ${op}${where}: ${issue?.message ?? 'rejected'}.`,
        {
          details: { ...issueList(parsed.error) },
        },
      ),
    );
  }
  const handler = handlers[op] as ((input: unknown) => Promise<unknown>) | undefined;
  if (!handler) {
    onUnexpected(op, new Error(`${op} was routed where it has no handler`));
    return failure(
      new AppError('INTERNAL', 'Something went wrong inside Formdesk. Details are in the log.'),
    );
  }
  try {
    const answer = await handler(parsed.data);
    // Checked against the output by the handler that wrote it, as it wrote it.
    if (answer instanceof WrittenJson) return { ok: true, data: answer };
    const output = def.output.safeParse(answer);
    if (!output.success) {
      // The log gets the first issues, as an answer does: an answer can be as large as a page.
      onUnexpected(
        op,
        new Error(
          `${op} answered outside its contract: ${JSON.stringify(issueList(output.error))}`,
        ),
      );
      return failure(
        new AppError(
          'INTERNAL',
          'Formdesk produced an answer it could not check. Please report this.',
        ),
      );
    }
    return { ok: true, data: output.data };
  } catch (error) {
    if (error instanceof AppError) return failure(error);
    onUnexpected(op, error);
    const storage = storageError(error);
    if (storage) return failure(storage);
    return failure(
      new AppError('INTERNAL', 'Something went wrong inside Formdesk. Details are in the log.'),
    );
  }
}

function failure(error: AppError): Result<never> {
  return { ok: false, error: error.toShape() };
}
