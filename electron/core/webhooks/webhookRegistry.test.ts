import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { quickCheck } from '../cache/quickCheck';
import { type CacheDb } from '../cache/openCache';
import { writeCacheDamagedInside } from '../operations/testing/damagedCache';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { CreateAttempts } from './createAttempts';
import { WebhookRegistry } from './webhookRegistry';

let cache: TempCache;
let db: CacheDb;

beforeEach(() => {
  cache = openTempCache('webhooks');
  db = cache.db;
});

afterEach(() => cache.close());

const entry = (id: number | string, formId: string, createdAt: string) => ({
  id,
  formId,
  url: `https://hooks.example.com/${formId}`,
  origin: 'created' as const,
  workspaceId: 'ws-1',
  createdAt,
});

describe('webhook registry', () => {
  it('survives closing and reopening the workspace file, ids exactly as issued', () => {
    const registry = new WebhookRegistry(db);
    registry.add(entry(41, 'f1', '2026-11-22T08:00:00.000Z'));
    registry.add(entry('wh_7', 'f2', '2026-11-22T09:00:00.000Z'));
    db.close();

    db = cache.reopen();
    const reopened = new WebhookRegistry(db);
    expect(reopened.list().map((w) => w.id)).toEqual(['wh_7', 41]);
    expect(reopened.get(41)).toMatchObject({
      formId: 'f1',
      url: 'https://hooks.example.com/f1',
      unknownToServiceAt: null,
    });
    // The service accepts the id as text too: either spelling finds the same webhook.
    expect(reopened.get('41')?.id).toBe(41);
  });

  it('keeps every webhook, and every create that may have made one, when a damaged cache is rebuilt', async () => {
    new WebhookRegistry(db).add(entry(77, 'f1', '2026-11-22T08:00:00.000Z'));
    const attempts = new CreateAttempts(db);
    const { attemptId } = attempts.begin({
      formId: 'f2',
      url: 'https://hooks.example.com/f2',
      workspaceId: 'ws',
      sentAt: '2026-11-22T09:00:00.000Z',
    });
    attempts.answerLost(attemptId, '2026-11-22T09:00:30.000Z');
    attempts.release(attemptId);
    db.close();
    // The damage lands in submission pages, past the small registry: the full check finds it.
    writeCacheDamagedInside(cache.file, 'a deleted submission');
    const finding = quickCheck(cache.file);
    expect(finding).not.toBeNull();

    const rebuilt: string[] = [];
    db = cache.reopen({ rebuildFor: finding!, onRebuilt: (r) => rebuilt.push(r.reason) });
    expect(rebuilt).toHaveLength(1);
    expect(new WebhookRegistry(db).list().map((w) => [w.id, w.formId])).toEqual([[77, 'f1']]);
    expect(new CreateAttempts(db).open()).toEqual([
      expect.objectContaining({ attemptId, state: 'uncertain', cause: 'answerLost' }),
    ]);
  });

  it('lists one form or all, newest first', () => {
    const registry = new WebhookRegistry(db);
    registry.add(entry(1, 'f1', '2026-11-22T08:00:00.000Z'));
    registry.add(entry(2, 'f2', '2026-11-22T08:01:00.000Z'));
    registry.add(entry(3, 'f1', '2026-11-22T08:02:00.000Z'));
    expect(registry.list('f1').map((w) => w.id)).toEqual([3, 1]);
    expect(registry.list().map((w) => w.id)).toEqual([3, 2, 1]);
    expect(registry.findTarget('f1', 'https://hooks.example.com/f1')).toHaveLength(2);
  });

  it('refuses an id it already holds', () => {
    const registry = new WebhookRegistry(db);
    registry.add(entry(5, 'f1', '2026-11-22T08:00:00.000Z'));
    expect(() => registry.add(entry(5, 'f9', '2026-11-22T08:00:00.000Z'))).toThrow(AppError);
    expect(registry.list()).toHaveLength(1);
  });

  it('marks an id the service no longer knows, and removes it', () => {
    const registry = new WebhookRegistry(db);
    registry.add(entry(8, 'f1', '2026-11-22T08:00:00.000Z'));
    registry.markUnknownToService(8, '2026-11-22T10:00:00.000Z');
    expect(registry.get(8)?.unknownToServiceAt).toBe('2026-11-22T10:00:00.000Z');
    expect(registry.remove(8)).toBe(true);
    expect(registry.remove(8)).toBe(false);
  });
});
