import path from 'node:path';
import { type AppEvent } from '../../../shared/contract/events';
import { AppError } from '../../../shared/errors';
import { createApiClient, type ApiObserver } from '../../api';
import { type RateSchedulerOptions } from '../../api/rateScheduler';
import { openCache } from '../workspaceCache';
import { type AppContext, type WorkspaceSession } from '../../session/context';
import { createLogger } from '../../logging/log';

export interface TestContext {
  ctx: AppContext;
  events: AppEvent[];
  /** Opens a workspace on the server (a fresh client and the cache file in `dataDir`). */
  open(): WorkspaceSession;
  /** Closes the open workspace: its signal aborts, its database closes. */
  close(): void;
}

/**
 * A real application context for tests of core features: a real API client (its own rate
 * scheduler, paced by `ratePerSecond`) and a real cache file; the workspace record is minimal.
 */
export function createTestContext(options: {
  baseUrl: string;
  apiKey: string;
  dataDir: string;
  ratePerSecond?: number;
  /** The scheduler's own settings, in place of `ratePerSecond`'s (`{}`: the app's defaults). */
  rateLimit?: RateSchedulerOptions;
  /** Sees each request the workspace's client sends and each answer it gets. */
  observer?: ApiObserver;
}): TestContext {
  const events: AppEvent[] = [];
  const listeners = new Set<(session: WorkspaceSession) => void>();
  let current: { session: WorkspaceSession; controller: AbortController } | null = null;
  const ctx: AppContext = {
    dataDir: options.dataDir,
    log: createLogger({ write: () => {} }),
    emit: (event) => events.push(event),
    session() {
      if (!current) throw new AppError('NOT_FOUND', 'Open a workspace first.');
      return current.session;
    },
    onSessionOpened(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const close = () => {
    if (!current) return;
    current.controller.abort();
    current.session.db.close();
    current = null;
  };
  return {
    ctx,
    events,
    open() {
      close();
      const controller = new AbortController();
      const session: WorkspaceSession = {
        workspace: {
          id: 'w-test',
          name: 'Test',
          kind: 'remote',
          baseUrl: options.baseUrl,
          keyStorage: 'session',
          keyAvailable: true,
          createdAt: new Date(0).toISOString(),
        },
        api: createApiClient({
          baseUrl: options.baseUrl,
          apiKey: options.apiKey,
          rateLimit: options.rateLimit ?? {
            limit: options.ratePerSecond ?? 200,
            windowMs: 1000,
            marginMs: 0,
          },
          retry: { baseDelayMs: 10, maxDelayMs: 200 },
          ...(options.observer ? { observer: options.observer } : {}),
        }),
        db: openCache(path.join(options.dataDir, 'workspace.sqlite')),
        signal: controller.signal,
      };
      current = { session, controller };
      for (const listener of listeners) listener(session);
      return session;
    },
    close,
  };
}
