import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseDataDir } from './dataDir';

describe('chooseDataDir', () => {
  const userData = '/home/ada/.config/Formdesk';

  it('takes --data-dir in either spelling, resolved', () => {
    expect(chooseDataDir(['electron', '.', '--data-dir', 'tmp/a'], {}, userData)).toBe(
      resolve('tmp/a'),
    );
    expect(chooseDataDir(['electron', '.', '--data-dir=/tmp/b'], {}, userData)).toBe('/tmp/b');
  });

  it('falls back to FORMDESK_DATA_DIR, then to the per-user folder', () => {
    expect(chooseDataDir(['electron', '.'], { FORMDESK_DATA_DIR: '/tmp/c' }, userData)).toBe(
      '/tmp/c',
    );
    expect(chooseDataDir(['electron', '.', '--data-dir'], {}, userData)).toBe(userData);
    expect(chooseDataDir(['electron', '.'], {}, userData)).toBe(userData);
  });
});
