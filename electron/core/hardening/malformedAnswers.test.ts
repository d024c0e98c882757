import fs from 'node:fs';
import { type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { createApiClient, type Timeouts } from '../api';
import { cacheStores } from '../cache/cacheStores';
import { openCache } from '../operations/workspaceCache';
import { ConnectionMonitor } from '../sync/connection';
import { SyncEngine } from '../sync/syncEngine';
import { startServiceProxy, type ServiceProxy } from './serviceProxy';

// A server that answers nonsense must never change what the person already has: each malformed
// answer below reaches the sync engine through a real HTTP exchange, and the cache must read the
// same afterwards as before, with a sentence that says the server was at fault.

type Answer = (response: ServerResponse) => void;

const FORM_ID = 'cFb7q2LxWm';
const HUGE_BYTES = 24 * 1024 * 1024;

/**
 * Long enough that a whole answer, 24 MB through the proxy included, is never late on a busy
 * machine; only the answer that drips forever sets a short time for its body.
 */
const TIMEOUTS: Timeouts = { headersMs: 10_000, bodyMs: 10_000 };

const MALFORMED: Array<{
  name: string;
  answer: Answer;
  code: string;
  message: RegExp;
  timeouts?: Timeouts;
}> = [
  {
    name: 'fields of the wrong type',
    answer: (res) =>
      sendJson(res, 200, {
        responses: [{ submissionId: 42, submissionTime: 'yesterday', questions: 'none' }],
        totalResponses: '1',
        pageCount: 1,
      }),
    code: 'REMOTE',
    message: /does not understand/,
  },
  {
    name: 'JSON cut off half-way',
    answer: (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"responses":[{"submissionId":"abc","submissionTime":"2024-01-0');
    },
    code: 'REMOTE',
    message: /does not understand/,
  },
  {
    name: 'an HTML error page with a 200',
    answer: (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body><h1>Service temporarily unavailable</h1></body></html>');
    },
    code: 'REMOTE',
    message: /does not understand/,
  },
  {
    name: 'an HTML error page from a gateway (502)',
    answer: (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad gateway</body></html>');
    },
    code: 'REMOTE',
    message: /.+/,
  },
  {
    name: 'a body of many megabytes that is not a page',
    answer: (res) =>
      sendJson(res, 200, { responses: 'x'.repeat(HUGE_BYTES), totalResponses: 1, pageCount: 1 }),
    code: 'REMOTE',
    message: /does not understand/,
  },
  {
    name: 'an answer past the size limit, streamed without a length',
    answer: (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(1024 * 1024);
      res.write('{"responses":"');
      let sent = 0;
      // Bounded: 40 MB at most, written as the client reads; it stops at 32.
      const more = () => {
        while (sent < 40 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('"}');
      };
      more();
    },
    code: 'REMOTE',
    message: /larger than 32 MB/,
  },
  {
    name: 'a body that drips a byte at a time and never ends',
    answer: (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"responses":[');
      let sent = 0;
      // Bounded: the client gives up after 1 s, long before 400 bytes (10 s or more) have dripped.
      const drip = setInterval(() => {
        if (++sent > 400) res.destroy();
        else res.write(' ');
      }, 25);
      res.on('close', () => clearInterval(drip));
    },
    code: 'TIMEOUT',
    message: /did not answer in time/,
    timeouts: { headersMs: 10_000, bodyMs: 1_000 },
  },
  {
    name: 'a connection dropped mid-body',
    answer: (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"responses":[{"submissionId":"abc"', () => res.destroy());
    },
    // The server acted and only its answer was lost: the server's fault, retried, then reported.
    code: 'REMOTE',
    message: /does not understand/,
  },
];

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

let dir: string;
let api: LocalApi;
let proxy: ServiceProxy;
/** What the proxy answers to a list of submissions; null passes it through to the local API. */
let listAnswer: Answer | null = null;

/** Everything the cache holds that a person could see, in a stable order. */
function cacheContents(file: string): unknown {
  const db = openCache(file);
  try {
    return {
      submissions: db.prepare('SELECT * FROM submissions ORDER BY form_id, submission_id').all(),
      answers: db.prepare('SELECT * FROM answers ORDER BY 1, 2, 3').all(),
      forms: db.prepare('SELECT * FROM forms ORDER BY 1').all(),
      activity: db.prepare('SELECT * FROM activity_log ORDER BY 1').all(),
    };
  } finally {
    db.close();
  }
}

async function syncThroughProxy(file: string, timeouts = TIMEOUTS) {
  const client = createApiClient({
    baseUrl: proxy.baseUrl,
    apiKey: api.apiKey,
    rateLimit: { limit: 200, windowMs: 1000, marginMs: 0 },
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    timeouts,
  });
  const db = openCache(file);
  try {
    const engine = new SyncEngine({
      workspaceId: 'w-malformed',
      api: client,
      stores: cacheStores(db),
      connection: new ConnectionMonitor(() => {}),
      emit: () => {},
    });
    return await engine.run({ formId: FORM_ID, mode: 'full' }, new AbortController().signal);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-malformed-'));
  api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 40, seed: 11 });
  proxy = await startServiceProxy(api.baseUrl);
  proxy.intercept = (req, res) => {
    if (
      !listAnswer ||
      req.method !== 'GET' ||
      !/\/forms\/[^/]+\/submissions(\?|$)/.test(req.url ?? '')
    )
      return false;
    req.resume();
    listAnswer(res);
    return true;
  };
});

afterAll(async () => {
  await proxy.close();
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('malformed answers from the server', () => {
  it.each(MALFORMED)(
    '$name: a clear error, and the cache is left as it was',
    async ({ name, answer, code, message, timeouts }) => {
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}.sqlite`);
      listAnswer = null;
      const [first] = await syncThroughProxy(file);
      expect(first?.error).toBeNull();
      // A new respondent the next sync would store, had the answer been readable.
      await api.admin.respond(FORM_ID, { answers: { nm01: `After ${name}` } });
      const before = cacheContents(file);
      expect((before as { submissions: unknown[] }).submissions.length).toBeGreaterThan(0);

      listAnswer = answer;
      const [result] = await syncThroughProxy(file, timeouts);
      expect(result?.error).toMatchObject({ code, message: expect.stringMatching(message) });
      expect(result?.error?.message).not.toContain(api.apiKey);
      expect(cacheContents(file)).toEqual(before);

      // Once the server answers properly again, the same cache catches up.
      listAnswer = null;
      const [recovered] = await syncThroughProxy(file);
      expect(recovered?.error).toBeNull();
      const ids = (
        cacheContents(file) as { submissions: Array<{ submission_id: string }> }
      ).submissions.map((r) => r.submission_id);
      const serverIds = api.admin.submissionsOf(FORM_ID).map((s) => s.submissionId);
      expect(new Set(ids)).toEqual(new Set(serverIds));
    },
  );
});
