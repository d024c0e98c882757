import { defineConfig } from 'vitest/config';

/**
 * Tests that start worker threads, processes, a browser or the built app: they take seconds each
 * and more on a machine shared with other work, so they get longer timeouts than the rest.
 */
const INTEGRATION = [
  'electron/host/**/*.test.ts',
  'electron/threads/**/*.test.ts',
  'electron/main/**/*.test.ts',
  'electron/mcp/**/*.test.ts',
  'electron/core/hardening/**/*.test.ts',
  'electron/core/cache/openCache.test.ts',
  'electron/core/cache/orderMerge.test.ts',
  'electron/core/cache/writeTurns.test.ts',
  'electron/core/files/dataDirLock.test.ts',
  'electron/core/import/crashResume.test.ts',
  'electron/core/import/workbookBudget.test.ts',
  'electron/core/sync/cacheMatchesServer.test.ts',
  'electron/core/sync/killedSync.test.ts',
  'electron/core/webhooks/webhookRegistry.test.ts',
  'electron/core/workspaces/manager.test.ts',
  'electron/local-api/cli.test.ts',
  '**/*.property.test.ts',
  'scripts/**/*.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // A timeout only catches a test that hangs: a test asserts behaviour, never speed.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'electron/**/*.test.ts',
            'renderer/src/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
          ],
          exclude: INTEGRATION,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
