import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { type CallMessage, WorkerPort } from './workerPort';
import { type FromWorker } from './protocol';
import { openedCache } from './testing/openedCache';

const opened: MessageChannel[] = [];
afterEach(() => {
  for (const { port1, port2 } of opened.splice(0)) {
    port1.close();
    port2.close();
  }
});

const cache = openedCache('/tmp/cache.sqlite', 3);

/** A worker's port on a real channel that answers each call with what it was asked. */
function echoing(handled: CallMessage[]) {
  const channel = new MessageChannel();
  opened.push(channel);
  const port = new WorkerPort(channel.port1);
  port.serve(
    async (call) => {
      handled.push(call);
      return { ok: true, data: { op: call.op, input: call.input } };
    },
    async () => {},
  );
  return { port, shell: channel.port2 };
}

const firstMessage = (shell: MessageChannel['port2']) =>
  new Promise<FromWorker>((resolve) => shell.once('message', resolve));

describe("a worker's port rehearsing a call", () => {
  it('answers as a call from the shell is answered, and sends the shell nothing', async () => {
    const handled: CallMessage[] = [];
    const { port, shell } = echoing(handled);
    const input = { formId: 'f1', offset: 100, limit: 100 };

    const rehearsed = await port.rehearse('submissions.query', input, cache);
    expect(handled).toEqual([expect.objectContaining({ op: 'submissions.query', input, cache })]);

    // The first message the shell gets is the answer to its own call: none came before it.
    const answered = firstMessage(shell);
    shell.postMessage({ kind: 'call', id: 7, op: 'submissions.query', input, cache });
    const result = await answered;
    expect(result).toMatchObject({ kind: 'result', id: 7 });
    const sent = (result as Extract<FromWorker, { kind: 'result' }>).json;
    expect(Buffer.from(rehearsed).toString('utf8')).toBe(Buffer.from(sent).toString('utf8'));
    expect(JSON.parse(Buffer.from(rehearsed).toString('utf8'))).toEqual({
      ok: true,
      data: { op: 'submissions.query', input },
    });
  });

  it('is refused on a port that serves no calls', () => {
    const channel = new MessageChannel();
    opened.push(channel);
    expect(() => new WorkerPort(channel.port1).rehearse('submissions.query', {}, cache)).toThrow(
      /serves calls/,
    );
  });
});
