import { type RateSchedulerOptions } from '../core/api';
import { type OpenedCache } from '../core/session/context';
import { type ExportFile } from '../core/exports/exportDelivery';
import { type LogLevel } from '../core/logging/log';
import { type PageWriter } from '../core/session/pageWriter';
import { type KeyringStatus } from '../core/workspaces/types';
import { type LocalApiOptions } from '../local-api';
import { type MessagePort } from 'node:worker_threads';
import { type AppEvent } from '../shared/contract';
import { type ExportDelivery } from '../shared/contract/files';
import { type Result } from '../shared/errors';

/**
 * The messages between the thread that answers the user (Electron's main process, or browser
 * mode's host) and the workers that run the core. Only `coreThreads.ts` and `workerPort.ts` post
 * them; everything else calls operations through those two.
 */

/** The cache a reader or the writer works on: the open workspace's file, as the core opened it. */
export type OpenCache = OpenedCache;

/** What the shell does for the core: keys stay with the shell, and so does handing over a file. */
export interface ShellServices {
  'vault.put': (workspaceId: string, key: string, storage: string) => Promise<string>;
  'vault.get': (workspaceId: string) => Promise<string | null>;
  'vault.remove': (workspaceId: string) => Promise<void>;
  deliverExport: (file: ExportFile) => Promise<ExportDelivery>;
  /** A request to the service through the shell's network stack (Electron's, in the desktop app). */
  fetch: (request: ShellRequest) => Promise<ShellResponse>;
}

export interface ShellRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: string | null;
}

/**
 * A whole answer, its body as the bytes that came (the shell's thread never decodes a page), or
 * the failure: its message and its system code (`ECONNREFUSED`, `ERR_…`).
 */
export type ShellResponse =
  | {
      status: number;
      statusText: string;
      headers: [string, string][];
      body: Uint8Array<ArrayBuffer>;
    }
  | { failure: string; code: string };
export type ShellServiceName = keyof ShellServices;

export type ToWorker =
  /**
   * An operation of the contract; `cache` is set for the readers. Its input comes either as a
   * value, or as the caller's UTF-8 JSON in `inputJson` (its buffer moved), which the worker
   * parses (`JsonInput`).
   */
  | {
      kind: 'call';
      id: number;
      op: string;
      input: unknown;
      inputJson?: Uint8Array;
      cache?: OpenCache | null;
    }
  /** The shell's answer to an `ask`. */
  | { kind: 'answer'; id: number; result: Result<unknown> }
  /**
   * The workspace the core has opened, told to the threads with a connection to the cache at
   * once: a reader opens its connection then, not on the first call after it (a cold reader is
   * slow over its first window); every thread closes its connection to another file. Null: the
   * core closed the workspace and has none open.
   */
  | { kind: 'opened'; cache: OpenCache | null }
  /**
   * Rows of a form were stored (a sync's page, a delete): a windows reader brings the views it
   * keeps of the form up to date between calls, so the next window does not wait for that (the
   * first window after a page is several times slower than one caught up).
   */
  | { kind: 'changed'; formId: string }
  /**
   * A form's sync ended, done or cut off by an error: the summaries' reader keeps a large form's
   * answer columns beside the cache then (`keepAfterSync.ts`), not while pages still come.
   */
  | { kind: 'synced'; formId: string }
  /**
   * An end of a line between a worker and the core's thread (`coreLink.ts`): the core answers the
   * calls that come on it, the worker makes them. Handed over again when either is started again.
   */
  | { kind: 'link'; port: MessagePort }
  /** Finish, close every database, and exit. */
  | { kind: 'close' };

/** What the shell tells a worker of, outside any call. */
export type WorkerNotice = Extract<ToWorker, { kind: 'opened' | 'changed' | 'synced' }>;
/** What a worker may be told outside any call: a notice, or its end of a line to the core. */
export type Told = Extract<ToWorker, { kind: 'opened' | 'changed' | 'synced' | 'link' }>;

export type FromWorker =
  | { kind: 'ready' }
  /**
   * An operation's envelope as UTF-8 JSON: written once, on the worker's thread, its buffer moved
   * across (never copied), and sent on as it is: browser mode's answer body, Electron's IPC answer
   * (the preload decodes it). As objects, a window's rows were cloned on each side; as a string,
   * copied to post and encoded again by the shell's thread for the socket.
   */
  | { kind: 'result'; id: number; json: Uint8Array }
  | { kind: 'event'; event: AppEvent }
  | { kind: 'ask'; id: number; service: ShellServiceName; args: unknown[] }
  /** The worker gave up on its ask: the shell stops that work (a request through its stack). */
  | { kind: 'cancel'; id: number }
  | { kind: 'log'; level: LogLevel; text: string }
  /** The core opened or closed the workspace cache. */
  | { kind: 'cache'; cache: OpenCache | null }
  /** The core brings the named workspace's cache up to date before it opens it. */
  | { kind: 'updating'; workspaceName: string }
  /**
   * A windows reader has read ahead the workspace it was told of (`opened`, by its generation):
   * reads may go to it now without waiting behind that reading.
   */
  | { kind: 'warmed'; generation: number }
  | { kind: 'closed' };

/** How the core worker starts: plain data, as a worker's `workerData` must be. */
export interface CoreStart {
  dataDir: string;
  keyring: KeyringStatus;
  /** A workspace from configuration (browser mode's FORMDESK_API_URL and FORMDESK_API_KEY). */
  remote: { baseUrl: string; apiKey: string; name?: string } | null;
  /** Open the demo workspace on a first run. */
  autoOpenDemo: boolean;
  /** The local API behind the demo workspace: its options, or null where no demo may run. */
  demo: DemoServiceOptions | null;
  /**
   * Requests per window the service allows each key, where it is not the public service's 5 per
   * second (a local service that sets no limit, in benchmarks); null keeps the default.
   */
  rateLimit: RateSchedulerOptions | null;
  /** Started again after the one before stopped: reopen the workspace, resume what was running. */
  restarted: boolean;
  /** The built worker entries, for the threads the core starts itself; null from source. */
  builtDir: string | null;
  /** The service is reached through the shell's network stack (`shellFetch`), not Node's. */
  shellFetch: boolean;
  /** `WriteTurns.shared` of the cache's writers: the core, its page writer, the import wizard. */
  turns: SharedArrayBuffer;
}

/** The demo service's tunables (tests and tools shrink or unthrottle it). */
export type DemoServiceOptions = Pick<
  LocalApiOptions,
  'rateLimit' | 'submissionsPerForm' | 'seed' | 'apiKeys' | 'simulatePerMinute'
>;

/** How the import wizard's thread starts. */
export interface ImportStart {
  /** This launch of the shell's: the drafts of earlier launches are removed (`draftSweeper.ts`). */
  launch: string;
  /** `CoreStart.turns`: the wizard's writes ask the page writer for the lock there too. */
  turns: SharedArrayBuffer;
}

export interface ReaderStart {
  dataDir: string;
  role: ReaderRole;
}

/**
 * What a reader is kept for. Windows and counts answer clicks; summaries keep a form's answer
 * columns (`coreThreads.ts`); exports read whole forms, for seconds, behind every other thread.
 */
export type ReaderRole = 'windows' | 'summaries' | 'exports';

/** How the thread that stores a sync's pages starts. */
export interface WriterStart {
  /** `CoreStart.turns`, where the core's and the import wizard's writes ask for the write lock. */
  turns: SharedArrayBuffer;
  /** Where the built thread entries are (`CoreStart.builtDir`): the writer starts one. */
  builtDir: string | null;
}

/** What the core asks of the thread that stores a sync's pages. */
export type PageOp = `pages.${keyof PageWriter}`;
