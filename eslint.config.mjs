// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The layer table of docs/architecture.md: what each folder may import. */
const layer = (message, patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((p) => ({ ...p, message })) }],
});
// Scoped packages are never layers: `**/core` must not catch `@mantine/core`.
const groups = (...names) => names.map((n) => ({ group: [`**/${n}`, `**/${n}/**`, '!@*/**'] }));

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench/runs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['electron/shared/**/*.ts'],
    rules: layer('electron/shared is the contract: it imports zod and itself only.', [
      { regex: '^(?!zod$|\\.)' },
      ...groups('core', 'threads', 'main', 'preload', 'host', 'local-api', 'renderer', 'mcp'),
    ]),
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: layer('electron/core runs in plain Node: never electron, and no outer layer.', [
      { regex: '^electron$' },
      ...groups('threads', 'main', 'preload', 'host', 'local-api', 'renderer', 'mcp'),
    ]),
  },
  {
    files: ['electron/core/**/*.test.ts'],
    // Tests of core run against the real local API over loopback.
    rules: layer('electron/core tests may use the local API, never electron.', [
      { regex: '^electron$' },
      ...groups('threads', 'main', 'preload', 'host', 'renderer', 'mcp'),
    ]),
  },
  {
    files: ['electron/local-api/**/*.ts'],
    rules: layer('electron/local-api stands alone: node and the shared contract only.', [
      { regex: '^electron$' },
      ...groups('core', 'threads', 'main', 'preload', 'host', 'renderer', 'mcp'),
    ]),
  },
  {
    files: ['electron/threads/**/*.ts'],
    rules: layer(
      'electron/threads runs the core in worker threads: core, local-api, shared and node, never electron or a shell.',
      [{ regex: '^electron$' }, ...groups('main', 'preload', 'host', 'renderer', 'mcp')],
    ),
  },
  {
    files: ['electron/host/**/*.ts'],
    rules: layer('electron/host is browser mode: core, shared and node, never electron.', [
      { regex: '^electron$' },
      ...groups('main', 'preload', 'renderer', 'mcp'),
    ]),
  },
  {
    files: ['electron/mcp/**/*.ts'],
    rules: layer("electron/mcp is the assistants' server: core, shared and node, never electron.", [
      { regex: '^electron$' },
      ...groups('threads', 'main', 'preload', 'host', 'renderer'),
    ]),
  },
  {
    files: ['electron/main/**/*.ts'],
    rules: layer('electron/main is glue: it never reaches into the renderer or the host.', [
      ...groups('preload', 'host', 'renderer'),
    ]),
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: layer('The sandboxed preload imports electron and the shared channel names only.', [
      { regex: '^(?!electron$|\\.)' },
      ...groups('core', 'threads', 'main', 'host', 'local-api', 'renderer', 'mcp'),
    ]),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...layer('The renderer reaches the app only through the bridge (window.formdesk or HTTP).', [
        { regex: '^(node:|electron$|better-sqlite3$)' },
        ...groups('core', 'threads', 'main', 'preload', 'host', 'local-api', 'mcp'),
      ]),
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='invalidateQueries']",
          message:
            'Use invalidate() from the bridge: invalidateQueries loses an invalidation that reaches a first load under way.',
        },
      ],
    },
  },
  {
    files: ['renderer/src/bridge/invalidate.ts', 'renderer/src/bridge/invalidate.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A rule of its own, beside the layers' `no-restricted-imports`, which a later block would replace.
    files: ['electron/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/testing', '**/testing/**'],
              message: 'Modules under testing/ are for tests: the app never loads them.',
            },
          ],
        },
      ],
    },
  },
);
