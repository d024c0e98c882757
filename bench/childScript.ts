import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface ChildScript<T> {
  /** What the script printed on its first line, once ready. */
  value: T;
  pid: number;
  /** Sends the script `signal`, and resolves with the next line it prints in answer. */
  ask: (signal: NodeJS.Signals) => Promise<string>;
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
  let stopping = false;
  // A child that ends on its own (a crash, a signal) is named, with how it ended, whatever the
  // caller was waiting for when its connections closed.
  void exited.then(([code, signal]) => {
    if (!stopping)
      console.error(`${script} ended unasked: code ${String(code)}, signal ${String(signal)}`);
  });
  const nextLine = linesOf(child, script, exited);
  const first = await nextLine();
  return {
    value: JSON.parse(first) as T,
    pid: child.pid!,
    ask: (signal) => {
      child.kill(signal);
      return nextLine();
    },
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** The child's stdout a line at a time, each line read once; a wait fails if the child exits. */
function linesOf(
  child: ChildProcess,
  script: string,
  exited: Promise<unknown[]>,
): () => Promise<string> {
  const unread: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const reader = waiting.shift();
    if (reader) reader(line);
    else unread.push(line);
  });
  const gone = exited.then(([code, signal]) => {
    throw new Error(
      `${script} ended (code ${String(code)}, signal ${String(signal)}) before it answered`,
    );
  });
  // The wait is raced, never left to fail unheard when the child stops as asked.
  gone.catch(() => {});
  return () =>
    Promise.race([
      unread.length > 0
        ? Promise.resolve(unread.shift()!)
        : new Promise<string>((resolve) => waiting.push(resolve)),
      gone,
    ]);
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
