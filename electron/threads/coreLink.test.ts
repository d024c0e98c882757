import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { CoreLink } from './coreLink';
import { type CallMessage, WorkerPort } from './workerPort';

// Both ends on real message ports: the core's end answers as the core's thread does
// (`WorkerPort.serve`), and a core that stops is a port closed under its calls.

const opened: MessageChannel[] = [];
afterEach(() => {
  for (const { port1, port2 } of opened.splice(0)) {
    port1.close();
    port2.close();
  }
});

/** A line whose core answers with `answer`, and holds calls for which it returns null. */
function line(answer: (call: CallMessage) => Promise<unknown> | null) {
  const channel = new MessageChannel();
  opened.push(channel);
  new WorkerPort(channel.port1).serve(
    async (call) => {
      try {
        return { ok: true, data: await (answer(call) ?? new Promise(() => {})) };
      } catch (error) {
        return { ok: false, error: (error as AppError).toShape() };
      }
    },
    async () => {},
  );
  return channel;
}

describe('the import wizard’s line to the core', () => {
  it('answers a call with what the core returned, and an error as the core shaped it', async () => {
    const link = new CoreLink();
    const { port2 } = line(async ({ op, input }) => {
      if (op === 'imports.resume') throw new AppError('NOT_FOUND', 'No such import.');
      return { op, input };
    });
    link.attach(port2);

    await expect(link.call('questions.list', { formId: 'f1' })).resolves.toEqual({
      op: 'questions.list',
      input: { formId: 'f1' },
    });
    await expect(link.call('imports.resume', { jobId: 'j' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No such import.',
    });
  });

  it('answers a call in flight when the core stops with a sentence to try again, then goes on over the next line', async () => {
    const link = new CoreLink();
    const first = line(() => null);
    link.attach(first.port2);
    const held = link.call('questions.list', { formId: 'f1' });
    first.port1.close();
    await expect(held).rejects.toMatchObject({ code: 'INTERNAL', retryable: true });

    // With no line, a call is refused at once rather than left waiting.
    await expect(link.call('questions.list', { formId: 'f1' })).rejects.toMatchObject({
      retryable: true,
    });
    link.attach(line(async () => ({ questions: [] })).port2);
    await expect(link.call('questions.list', { formId: 'f1' })).resolves.toEqual({ questions: [] });
  });
});
