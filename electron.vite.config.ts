import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Custom source folders: the app lives in electron/ and renderer/, not electron-vite's src/ default.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // zod goes into the bundle, trimmed to what the contract uses: every thread builds the
      // contract as it starts, and zod's package, loaded as its hundred files, was 85 of a reader's
      // 200 ms start (140 ms bundled). The others load as packages: better-sqlite3 has its native
      // part, and SheetJS loads only when a workbook is read.
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        input: {
          index: resolve('electron/main/index.ts'),
          host: resolve('electron/host/index.ts'),
          localApi: resolve('electron/local-api/cli.ts'),
          // The core's worker threads, loaded by file beside the entries that start them.
          coreWorker: resolve('electron/threads/coreWorker.ts'),
          readerWorker: resolve('electron/threads/readerWorker.ts'),
          writerWorker: resolve('electron/threads/writerWorker.ts'),
          checkpointWorker: resolve('electron/threads/checkpointWorker.ts'),
          importWorker: resolve('electron/threads/importWorker.ts'),
          fullCheckWorker: resolve('electron/threads/fullCheckWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require anything but electron: one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; the page parses every byte at start-up.
      minify: true,
      rollupOptions: {
        input: { index: resolve('renderer/index.html') },
        output: {
          // React, which every screen stands on, in a chunk of its own; other libraries go with
          // the screens that use them (a whole-Mantine chunk would load every screen's components at
          // start), and each screen and the chart library load when first shown (React.lazy).
          codeSplitting: {
            groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
          },
        },
      },
    },
    plugins: [react()],
  },
});
