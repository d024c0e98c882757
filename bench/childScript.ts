import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface ChildScript<T> {
  /** What the script printed on its first line, once ready. */
  value: T;
  pid: number;
  stop: () => Promise<void>;
}

/** A TypeScript script of this folder in a process of its own, given `input` on stdin. */
export async function startChild<T>(script: string, input: unknown): Promise<ChildScript<T>> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, script)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  // Keys go over stdin, never the command line another process could read.
  child.stdin?.end(JSON.stringify(input));
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => line as string),
    exited.then(([code]) => {
      throw new Error(`${script} exited with ${String(code)} before it was ready`);
    }),
  ]);
  return {
    value: JSON.parse(first) as T,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** `use` with `script` running in a process of its own (`startChild`), stopped afterwards. */
export async function withChild<T, R>(
  script: string,
  input: unknown,
  use: (child: ChildScript<T>) => Promise<R>,
): Promise<R> {
  const child = await startChild<T>(script, input);
  try {
    return await use(child);
  } finally {
    await child.stop();
  }
}
