import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Handlers, type OpName } from '../shared/contract';
import { ERROR_CODES } from '../shared/errors';
import { createApiClient } from '../core/api';
import { openCache } from '../core/operations/workspaceCache';
import { dispatch } from '../core/operations/dispatch';
import { cacheReadHandlers } from '../core/operations/cacheReads';
import { createHandlers } from '../core/operations/handlers';
import { DraftSweeper } from '../core/import/draftSweeper';
import { importWizardHandlers } from '../core/import/wizardHandlers';
import { createLogger } from '../core/logging/log';
import { WorkspaceManager } from '../core/workspaces/manager';
import { MemoryKeyVault } from '../core/workspaces/memoryVault';
import { startLocalApi, type LocalApi } from '../local-api';
import { startHost, type Host } from './startHost';
import { StartupWatch } from '../threads/startupWatch';

// Every operation of the contract gets random and adversarial input, over the real router and the
// real HTTP bridge of browser mode, with a workspace open on a local API. What must hold: the
// answer is always an envelope with a code from the closed list, input the schema refuses never
// reaches a handler, and nothing is written on the server.

const ops = Object.keys(contract) as OpName[];
const RUNS_PER_OP = 60;

/** Values that have broken routers elsewhere: prototype keys, path tricks, SQL, huge and odd numbers. */
const adversarialString = fc.constantFrom(
  '',
  ' ',
  '__proto__',
  'constructor',
  '../../../etc/passwd',
  "'; DROP TABLE submissions; --",
  '" OR 1=1 --',
  '%00',
  '\u0000',
  '\u202e',
  'x'.repeat(100_000),
  'javascript:alert(1)',
  'file:///etc/passwd',
  '<img src=x onerror=alert(1)>',
  'NaN',
);
const adversarialValue = fc.oneof(
  adversarialString,
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 2 ** 53, -0, 1e308, null, true),
  fc.constant({ ['__proto__']: { polluted: true } }),
  fc.array(adversarialString, { maxLength: 3 }),
);
/** Objects shaped like real inputs (the field names operations use) with hostile values. */
const fieldNames = fc.constantFrom(
  'formId',
  'submissionId',
  'workspaceId',
  'id',
  'webhookId',
  'url',
  'limit',
  'offset',
  'status',
  'search',
  'sort',
  'jobId',
  'uploadId',
  'mode',
  'format',
  'name',
  'baseUrl',
  'apiKey',
);
const hostileInput = fc.oneof(
  fc.anything(),
  fc.dictionary(fieldNames, adversarialValue, { maxKeys: 6 }),
  fc.dictionary(fieldNames, fc.anything(), { maxKeys: 6 }),
);

let dir: string;
let api: LocalApi;
let host: Host;
/** The same threads' handlers in this thread, for spying on them. */
let workspaces: WorkspaceManager;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'formdesk-fuzz-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Formdesk</title>');
  api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 40 });
  host = await startHost({
    dataDir: join(dir, 'data'),
    rendererDir,
    remote: { baseUrl: api.baseUrl, apiKey: api.apiKey, name: 'Fuzzed' },
    log: createLogger({ write: () => {} }),
    demo: { rateLimit: 0, submissionsPerForm: 20 },
  });
  workspaces = new WorkspaceManager({
    dataDir: join(dir, 'spied'),
    vault: new MemoryKeyVault(),
    log: createLogger({ write: () => {} }),
    emit: () => {},
    createApiClient,
    openCache: (file) => openCache(file),
    startDemo: ({ store }) => startLocalApi({ store, rateLimit: 0, submissionsPerForm: 20 }),
  });
  await workspaces.configure({ baseUrl: api.baseUrl, apiKey: api.apiKey, name: 'Fuzzed' });
});

afterAll(async () => {
  await workspaces?.close();
  await host?.close();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

function isEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const envelope = body as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  if (envelope.ok === true) return 'data' in envelope;
  return (
    envelope.ok === false &&
    (ERROR_CODES as readonly unknown[]).includes(envelope.error?.code) &&
    typeof envelope.error?.message === 'string'
  );
}

function writesOnServer(): number {
  return api.admin
    .requests()
    .filter(
      (r) =>
        r.status === 200 &&
        (r.method === 'DELETE' || (r.method === 'POST' && !r.path.startsWith('/__local'))),
    ).length;
}

describe('contract fuzzing', () => {
  it('refuses input its schema does not accept before any handler runs, for every operation', async () => {
    const calls: string[] = [];
    // Each thread's handlers as its worker builds them: the core's, the readers', the wizard's,
    // the shell's.
    const real: Handlers = {
      ...new StartupWatch().handlers,
      ...createHandlers(workspaces, () => Promise.reject(new Error('not used'))),
      ...cacheReadHandlers(workspaces),
      ...importWizardHandlers({
        session: () => workspaces.session(),
        formQuestions: async () => [],
        runImport: async () => {},
        launch: 'fuzzed',
        sweeper: new DraftSweeper(createLogger({ write: () => {} })),
      }),
    };
    const spied = Object.fromEntries(
      Object.entries(real).map(([op, handler]) => [
        op,
        (input: unknown) => {
          calls.push(op);
          return (handler as (input: unknown) => Promise<unknown>)(input);
        },
      ]),
    ) as unknown as Handlers;

    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(hostileInput, async (input) => {
          const accepted = contract[op].input.safeParse(input).success;
          const before = calls.length;
          const result = await dispatch(spied, op, input);
          expect(isEnvelope(result)).toBe(true);
          if (!accepted) {
            expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
            expect(calls.length).toBe(before);
          } else if (!result.ok) {
            // Hostile but well-formed input is answered with a reason, never an internal failure.
            expect(result.error.code, `${op}: ${result.error.message}`).not.toBe('INTERNAL');
          }
        }),
        { numRuns: RUNS_PER_OP, seed: 20261122 },
      );
    }
  });

  it('answers every hostile request over the HTTP bridge with an envelope and writes nothing on the server', async () => {
    const writesBefore = writesOnServer();
    // A name that is a dot segment never reaches the host: the client's URL drops it. A path
    // longer than Node's 16 KB of request headers is refused by its parser (431) before the host.
    const names = fc
      .oneof(fc.constantFrom(...ops), fc.string(), adversarialString, fc.anything())
      .filter((op) => !['.', '..'].includes(String(op)) && String(op).length < 4_000);
    await fc.assert(
      fc.asyncProperty(names, hostileInput, async (op, input) => {
        const response = await fetch(`${host.origin}/rpc/${encodeURIComponent(String(op))}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
          body: JSON.stringify(input) ?? '',
        });
        const body: unknown = await response.json();
        expect(isEnvelope(body)).toBe(true);
        if (typeof op !== 'string' || !(ops as string[]).includes(op)) {
          expect(body).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
        }
      }),
      { numRuns: 400, seed: 7 },
    );
    expect(writesOnServer()).toBe(writesBefore);
  });

  it('answers malformed request bodies and operation paths with INVALID_INPUT', async () => {
    const post = (path: string, body: string) =>
      fetch(`${host.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
        body,
      }).then((response) => response.json());
    for (const body of ['{', '[]', '"op"', '{"formId":', '\u0000', '{"a":1}{']) {
      expect(await post('/rpc/forms.list', body)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
    }
    for (const path of [
      '/rpc',
      '/rpc/',
      '/rpc/forms',
      '/rpc/forms.list/x',
      '/rpc/%00',
      '/rpc/Forms.list',
    ]) {
      expect(await post(path, '{}')).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
    }
  });
});
