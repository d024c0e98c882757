import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from './server';

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 3 });
});
afterAll(async () => {
  await api.close();
});

/** A request to the server's socket carrying any Host header (fetch would not let us choose). */
function send(
  host: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: api.port,
        method,
        path: `/v1/api${path}`,
        headers: {
          host,
          authorization: `Bearer ${api.apiKey}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body ? JSON.stringify(body) : undefined);
  });
}

describe('the local API', () => {
  it('refuses requests addressed to another name, as a page rebound to 127.0.0.1 would send', async () => {
    const forms = await send(`evil.example:${api.port}`, 'GET', '/forms');
    expect(forms).toEqual({
      status: 403,
      body: expect.objectContaining({
        statusCode: 403,
        message: expect.stringMatching(/127\.0\.0\.1 or localhost/),
      }),
    });
    const created = await send(`evil.example:${api.port}`, 'POST', '/webhook/create', {
      formId: 'cFb7q2LxWm',
      url: 'http://127.0.0.1:9/sink',
    });
    expect(created.status).toBe(403);
    expect(api.admin.webhooks()).toEqual([]);
    expect((await send(`127.0.0.1:${api.port + 1}`, 'GET', '/forms')).status).toBe(403);
  });

  it('answers requests addressed to 127.0.0.1 or localhost at its port', async () => {
    expect((await send(`127.0.0.1:${api.port}`, 'GET', '/forms')).status).toBe(200);
    expect((await send(`localhost:${api.port}`, 'GET', '/forms')).status).toBe(200);
  });

  it('makes a new key for each run unless given one', async () => {
    const other = await startLocalApi({ rateLimit: 0, submissionsPerForm: 1 });
    try {
      expect(api.apiKey).toMatch(/^sk_demo_[0-9a-f]{32}$/);
      expect(other.apiKey).toMatch(/^sk_demo_[0-9a-f]{32}$/);
      expect(other.apiKey).not.toBe(api.apiKey);
    } finally {
      await other.close();
    }
  });
});
