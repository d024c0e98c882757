import { describe, expect, it } from 'vitest';
import { familiesStaleAfter, familyOf, queriesReadingTables } from './invalidation';

describe('queriesReadingTables', () => {
  it('refetches the submission queries and form counts when submissions change, not webhooks', () => {
    const matches = queriesReadingTables(['submissions']);
    expect(matches(['submissions.query', { formId: 'f' }])).toBe(true);
    expect(matches(['forms.list', {}])).toBe(true);
    expect(matches(['webhooks.list', {}])).toBe(false);
  });

  it('leaves the open submission alone: it was read from the server, and a sync page would reread it', () => {
    expect(queriesReadingTables(['submissions'])(['submissions.get', { formId: 'f' }])).toBe(false);
    expect(queriesReadingTables(['some_new_table'])(['submissions.get', { formId: 'f' }])).toBe(
      false,
    );
  });

  it('refetches everything for a table it does not know, rather than showing stale data', () => {
    const matches = queriesReadingTables(['some_new_table']);
    expect(matches(['webhooks.list', {}])).toBe(true);
  });

  it('matches nothing when no table changed', () => {
    expect(queriesReadingTables([])(['forms.list', {}])).toBe(false);
  });
});

describe('familyOf', () => {
  it('names the family an operation belongs to', () => {
    expect(familyOf('webhooks.create')).toBe('webhooks.');
    expect(familyOf('forms.list')).toBe('forms.');
  });
});

describe('familiesStaleAfter', () => {
  const progress = {
    type: 'sync.progress' as const,
    workspaceId: 'w',
    formId: 'f',
    phase: 'incremental',
    pagesDone: 1,
    rowsDone: 10,
    totalExpected: null,
    etaMs: null,
    done: false,
  };

  it('refreshes the sync status once a sync ends, not on every page', () => {
    expect(familiesStaleAfter(progress)).toEqual([]);
    expect(familiesStaleAfter({ ...progress, done: true })).toContain('sync.');
  });

  it('refreshes the sync status when the connection changes', () => {
    expect(
      familiesStaleAfter({ type: 'connection.changed', workspaceId: 'w', state: 'offline' }),
    ).toEqual(['sync.']);
  });
});
