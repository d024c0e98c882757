import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { constants, getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalApi, type LocalApi } from '../local-api';
import { partialPost, stalledRequest } from '../local-api/testing/slowClient';
import { refusingPort } from '../local-api/testing/refusingPort';
import { createLogger } from '../core/logging/log';
import { startHost, type Host, type HostOptions } from './startHost';
import { callHost } from './testing/callHost';

let remote: LocalApi;
let dataDir: string;
const hosts: Host[] = [];

beforeAll(async () => {
  remote = await startLocalApi({ port: 0, rateLimit: 0 });
});
afterAll(() => remote.close());
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'formdesk-host-start-'));
});
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(options: Partial<HostOptions> = {}): Promise<Host> {
  const host = await startHost({
    dataDir,
    rendererDir: join(dataDir, 'no-renderer'),
    log: createLogger({ write: () => {} }),
    demo: { rateLimit: 0 },
    ...options,
  });
  hosts.push(host);
  return host;
}

const call = (host: Host, op: string, input: unknown = {}): Promise<unknown> =>
  callHost(host, op, input);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile());
}

describe('browser mode start-up', () => {
  it('opens the demo workspace on a first run, and the same one again next time', async () => {
    const first = await start();
    expect(await call(first, 'workspaces.list')).toMatchObject({
      ok: true,
      data: { currentId: 'demo' },
    });
    await first.close();
    hosts.splice(0);

    const again = await start();
    expect(await call(again, 'workspaces.list')).toMatchObject({
      ok: true,
      data: { currentId: 'demo', workspaces: [{ id: 'demo' }] },
    });
  });

  it('refuses an address from the environment that is not the API, with the sentence adding it gives', async () => {
    const wrongAddress = new URL(remote.baseUrl).origin;
    const lines: string[] = [];
    const host = await start({
      remote: { baseUrl: wrongAddress, apiKey: remote.apiKey },
      log: createLogger({ write: (line) => lines.push(line) }),
    });
    const list = (await call(host, 'workspaces.list')) as { data: { workspaces: unknown[] } };
    expect(list.data.workspaces).toEqual([]);
    const added = (await call(host, 'workspaces.add', {
      baseUrl: wrongAddress,
      apiKey: remote.apiKey,
      keyStorage: 'session',
    })) as { ok: false; error: { message: string } };
    expect(added.error.message).toMatch(/Check that the address ends in \/v1\/api/);
    expect(lines.join('\n')).toContain(added.error.message);
  });

  it('still opens an account from the environment whose service cannot be reached yet', async () => {
    const baseUrl = `http://127.0.0.1:${await refusingPort()}/v1/api`;
    const host = await start({ remote: { baseUrl, apiKey: remote.apiKey } });
    const list = (await call(host, 'workspaces.list')) as { data: { workspaces: unknown[] } };
    expect(list.data.workspaces).toEqual([expect.objectContaining({ kind: 'remote' })]);
  });

  it("refuses a key the service's rules refuse with that rule, before sending it", async () => {
    const host = await start({ autoOpenDemo: false });
    remote.admin.clearRequests();
    const added = await call(host, 'workspaces.add', {
      baseUrl: remote.baseUrl,
      apiKey: 'sec-key-SENTINEL-9f3a',
      keyStorage: 'session',
    });
    expect(added).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringContaining('An API key has an underscore'),
      },
    });
    const reentered = await call(host, 'workspaces.setKey', { id: 'any', apiKey: 'sk prod 1' });
    expect(reentered).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringContaining('letters, digits, _ and -'),
      },
    });
    expect(remote.admin.requests()).toEqual([]);
  });

  it('opens the account from FORMDESK_API_URL and FORMDESK_API_KEY, keeping the key off the disk', async () => {
    const host = await start({ remote: { baseUrl: remote.baseUrl, apiKey: remote.apiKey } });
    const list = (await call(host, 'workspaces.list')) as {
      data: {
        currentId: string;
        workspaces: Array<{ id: string; kind: string; keyStorage: string }>;
      };
    };
    expect(list.data.workspaces).toEqual([
      expect.objectContaining({ kind: 'remote', keyStorage: 'session' }),
    ]);
    expect(list.data.currentId).toBe(list.data.workspaces[0]!.id);
    expect(await call(host, 'forms.list')).toMatchObject({ ok: true });
    await host.close();
    hosts.splice(0);
    for (const file of filesUnder(dataDir)) {
      expect(readFileSync(file).includes(Buffer.from(remote.apiKey)), file).toBe(false);
    }
  });
});

describe('shutdown', () => {
  it("leaves each cache whole: its WAL folded into the file and removed, the readers' connections closed first", async () => {
    const host = await start();
    const [form] = await settled(host);
    // Every reader has the file open: a window, a summary and an export each read it.
    const formId = form!.formId;
    await call(host, 'submissions.query', { formId });
    await call(host, 'submissions.summary', { formId });
    await call(host, 'submissions.export', { formId, format: 'csv' });
    await host.close();
    hosts.splice(0);

    const left = filesUnder(join(dataDir, 'workspaces')).map((file) => file.split('/').at(-1));
    expect(left).toContain('cache.sqlite');
    expect(left.filter((name) => /-(wal|shm)$/.test(name ?? ''))).toEqual([]);
  });
});

/** This process's open descriptors on files under `dir` (Linux lists them in /proc). */
function descriptorsUnder(dir: string): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(`${dir}/`) ? [target] : [];
    } catch {
      // Closed since it was listed.
      return [];
    }
  });
}

describe('workspaces', () => {
  /** The demo's cache opened in every thread that reads or writes it. */
  async function demoOpenEverywhere(host: Host): Promise<string> {
    const [form] = await settled(host);
    const formId = form!.formId;
    // The page writer stored the sync's pages; a window, a summary, an export and the import
    // wizard's matching each read the file on a thread of their own.
    await call(host, 'submissions.query', { formId });
    await call(host, 'submissions.summary', { formId });
    await call(host, 'submissions.export', { formId, format: 'csv' });
    const csv = Buffer.from('email\na@example.com\n').toString('base64');
    const upload = (await call(host, 'imports.upload', {
      fileName: 'a.csv',
      chunkBase64: csv,
      final: true,
    })) as { data: { uploadId: string } };
    const parsed = (await call(host, 'imports.parse', {
      uploadId: upload.data.uploadId,
    })) as { data: { fileId: string } };
    expect(
      await call(host, 'imports.suggestMapping', { formId, fileId: parsed.data.fileId }),
    ).toMatchObject({ ok: true });
    const dir = join(dataDir, 'workspaces', 'demo');
    expect(descriptorsUnder(dir).length).toBeGreaterThan(0);
    return dir;
  }

  it.runIf(process.platform === 'linux')(
    "lets go of a removed workspace's files in every thread, not when the next one is opened",
    async () => {
      const host = await start();
      const dir = await demoOpenEverywhere(host);
      expect(await call(host, 'workspaces.remove', { id: 'demo' })).toMatchObject({
        ok: true,
        data: { removed: true },
      });
      // Each thread is told as it finishes what it is doing: a file removed but still open keeps
      // its space taken until the last thread closes it.
      await vi.waitFor(() => expect(descriptorsUnder(dir)).toEqual([]), {
        timeout: 10_000,
        interval: 20,
      });
    },
  );

  it.runIf(process.platform === 'linux')(
    'lets go of the workspace left in every thread once another is opened',
    async () => {
      const host = await start();
      const dir = await demoOpenEverywhere(host);
      expect(
        await call(host, 'workspaces.add', {
          baseUrl: remote.baseUrl,
          apiKey: remote.apiKey,
          keyStorage: 'session',
        }),
      ).toMatchObject({ ok: true });
      // The core keeps the file a few seconds for work under way (`RETIRE_GRACE_MS`).
      await vi.waitFor(() => expect(descriptorsUnder(dir)).toEqual([]), {
        timeout: 20_000,
        interval: 20,
      });
    },
  );
});

describe('windows while a sync stores rows', () => {
  it('catch the view a window was asked of up between calls, before its next window', async () => {
    const lines: string[] = [];
    const host = await start({
      remote: { baseUrl: remote.baseUrl, apiKey: remote.apiKey },
      log: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
    });
    const [form] = await settled(host);
    const formId = form!.formId;
    const window = () =>
      call(host, 'submissions.query', { formId, offset: 20, limit: 10 }) as Promise<{
        data: { total: number };
      }>;
    const before = await window();
    const caughtUp = () => lines.filter((l) => l.includes('caught a view up between calls'));
    const seen = caughtUp().length;

    await remote.admin.respond(formId, {});
    expect(await call(host, 'sync.start', { formId })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(caughtUp().length).toBeGreaterThan(seen), {
      timeout: 30_000,
      interval: 50,
    });
    expect((await window()).data.total).toBe(before.data.total + 1);
  });
});

describe('slow clients', () => {
  const rpcStart = (host: Host, headers: Record<string, string> = {}) =>
    partialPost(Number(new URL(host.origin).port), '/rpc/workspaces.list', {
      authorization: `Bearer ${host.token}`,
      ...headers,
    });

  it('answers 408 and closes the connection when a body stops arriving', async () => {
    // A short limit through the option: the test waits on the answer, not on a clock.
    const host = await start({ clientTimeouts: { headersMs: 200, requestMs: 400 } });
    const { answer } = stalledRequest(Number(new URL(host.origin).port), rpcStart(host));
    expect(await answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes at once on shutdown, ending a request whose body is still arriving', async () => {
    // Limits far longer than the test: only the shutdown can end the stalled request.
    const host = await start({ clientTimeouts: { headersMs: 600_000, requestMs: 600_000 } });
    const stalled = stalledRequest(
      Number(new URL(host.origin).port),
      rpcStart(host, { expect: '100-continue' }),
    );
    // Node answers "100 Continue" as it hands the request to the host: its handler is running.
    await stalled.received('100 Continue');
    await host.close();
    hosts.splice(0);
    await stalled.answer;
  });
});

type SyncStatus = { data: { running: unknown; forms: { formId: string; state: string }[] } };

/** Resolves once every form of the open workspace is synced; answers them. */
function settled(host: Host): Promise<SyncStatus['data']['forms']> {
  return vi.waitFor(
    async () => {
      const { data } = (await call(host, 'sync.status')) as SyncStatus;
      expect(data.running).toBeNull();
      expect(data.forms.length).toBeGreaterThan(0);
      for (const form of data.forms) expect(form.state).toBe('synced');
      return data.forms;
    },
    { timeout: 120_000, interval: 200 },
  );
}

/** The nice value of each thread of this process (Linux keeps one per thread). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis, from the state (field 3): nice is field 19.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('threads', () => {
  it("has each windows reader read the first form's table when a workspace opens, before any click", async () => {
    const first = await start();
    await settled(first);
    await first.close();
    hosts.splice(0);

    const lines: string[] = [];
    await start({ log: createLogger({ level: 'debug', write: (line) => lines.push(line) }) });
    const readAhead = await vi.waitFor(
      () => {
        const found = lines.filter((l) => l.includes("read the first form's table ahead"));
        // Two readers at least answer windows, each with its own connection and memory of views.
        expect(found.length).toBeGreaterThanOrEqual(2);
        return found;
      },
      { timeout: 60_000, interval: 50 },
    );
    for (const line of readAhead) expect(line).toMatch(/ahead: [1-9]\d* rows/);
    expect(lines.some((l) => l.includes('call submissions.query received'))).toBe(false);
  });

  it("starts the import wizard's thread as the import screen opens, before a file's first part", async () => {
    const lines: string[] = [];
    const host = await start({
      log: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
    });
    const wizardStarts = () =>
      lines.filter((l) => l.includes("starting the import wizard's thread"));
    await call(host, 'workspaces.list');
    expect(wizardStarts()).toHaveLength(0);
    expect(await call(host, 'imports.list')).toMatchObject({ ok: true });
    expect(wizardStarts()).toHaveLength(1);
    const part = { fileName: 'a.csv', chunkBase64: Buffer.from('a\n1\n').toString('base64') };
    expect(await call(host, 'imports.upload', { ...part, final: true })).toMatchObject({
      ok: true,
    });
    expect(wizardStarts()).toHaveLength(1);
  });

  // Linux keeps a priority per thread; under `nice 19` there is no room below the others.
  it.runIf(process.platform === 'linux' && getPriority() < constants.priority.PRIORITY_LOW)(
    'runs exports, once one is asked for, behind the threads that answer clicks and those that write',
    async () => {
      const lowered = () => threadNiceValues().filter((nice) => nice > getPriority()).length;
      const before = lowered();
      const host = await start();
      // The exports' reader starts with the first export, not with the app.
      expect(lowered() - before).toBe(0);
      const exported = (await call(host, 'activity.export', {})) as { ok: boolean };
      expect(exported.ok).toBe(true);
      // The exports' reader alone: a thread that writes, held back, would hold the write lock.
      expect(lowered() - before).toBe(1);
      // This thread, which answers every request, keeps its priority.
      expect(threadNiceValues()[0]).toBe(getPriority());
    },
  );
});

describe('summaries', () => {
  it("reads a summarized form's answers ahead on the summaries' thread, between calls", async () => {
    const lines: string[] = [];
    const host = await start({ log: createLogger({ write: (line) => lines.push(line) }) });
    const synced = await settled(host);
    const formId = synced[0]!.formId;
    const whole = (await call(host, 'submissions.summary', { formId })) as {
      ok: boolean;
      data: { total: number; questions: unknown[] };
    };
    expect(whole.ok).toBe(true);
    expect(whole.data.total).toBeGreaterThan(0);
    // The form's rows, then each of its questions: one step each.
    const readAhead = await vi.waitFor(
      () => {
        const line = lines.find((l) => l.includes("read a form's answers ahead"));
        expect(line).toBeDefined();
        return line!;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(readAhead).toContain(`${1 + whole.data.questions.length} steps`);

    const narrowed = (await call(host, 'submissions.summary', {
      formId,
      status: 'in_progress',
      search: 'a',
    })) as { ok: boolean; data: { total: number } };
    expect(narrowed).toMatchObject({ ok: true });
    expect(narrowed.data.total).toBeLessThan(whole.data.total);
  }, 180_000);
});
