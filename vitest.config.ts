import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'renderer/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A timeout only catches a test that hangs; a test asserts behaviour, never speed. Beside a
    // full CI run and a second copy of the suite on two cores, the property test of kept orders
    // took 40 s, over the 30 s this was.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
