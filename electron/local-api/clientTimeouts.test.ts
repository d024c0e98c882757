import { afterEach, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from './server';
import { partialPost, stalledRequest } from './testing/slowClient';

// Short limits set through the option, so the tests wait on the server's answer, not on a clock.
const SHORT = { headersMs: 200, requestMs: 400 };

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('slow clients', () => {
  it('answers 408 and closes the connection when a body stops arriving', async () => {
    api = await startLocalApi({ rateLimit: 0, clientTimeouts: SHORT });
    const { answer } = stalledRequest(
      api.port,
      partialPost(api.port, '/v1/api/forms/cFb7q2LxWm/submissions', {
        authorization: `Bearer ${api.apiKey}`,
      }),
    );
    expect(await answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes the connection when headers stop arriving', async () => {
    api = await startLocalApi({ rateLimit: 0, clientTimeouts: SHORT });
    const { answer } = stalledRequest(
      api.port,
      `GET /v1/api/forms HTTP/1.1\r\nhost: 127.0.0.1\r\n`,
    );
    expect(await answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
