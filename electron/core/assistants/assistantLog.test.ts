import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendAssistantCall, readAssistantCalls, type AssistantCall } from './assistantLog';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-assistant-log-'));
  file = path.join(dir, 'assistant-log.jsonl');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const call = (n: number): AssistantCall => ({
  id: `call-${n}`,
  at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  tool: 'search_submissions',
  formId: 'f1',
  submissionId: null,
  rows: n,
  outcome: 'answered',
});

describe('the assistants’ log', () => {
  it('is missing until the first call, then private', () => {
    expect(readAssistantCalls(file, null)).toBeNull();
    appendAssistantCall(file, call(1));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('writes a call’s own fields only, never what it asked for', () => {
    const asked = {
      ...call(1),
      query: 'Ada Quintrellow',
      arguments: { query: '+44 20 7946 0321' },
    };
    appendAssistantCall(file, asked);
    const line = fs.readFileSync(file, 'utf8');
    expect(line).not.toMatch(/quintrellow|7946/i);
    expect(readAssistantCalls(file, null)!.calls).toEqual([call(1)]);
  });

  it('gives each call once, reading on from where it stopped', () => {
    appendAssistantCall(file, call(1));
    appendAssistantCall(file, call(2));
    const first = readAssistantCalls(file, null)!;
    expect(first.calls.map((c) => c.id)).toEqual(['call-1', 'call-2']);
    expect(readAssistantCalls(file, first.position)!.calls).toEqual([]);
    appendAssistantCall(file, call(3));
    expect(readAssistantCalls(file, first.position)!.calls.map((c) => c.id)).toEqual(['call-3']);
  });

  it('leaves a line still being written for the next read, and passes over one that is not a call', () => {
    appendAssistantCall(file, call(1));
    fs.appendFileSync(file, 'not json\n{"id":"half');
    const read = readAssistantCalls(file, null)!;
    expect(read.calls.map((c) => c.id)).toEqual(['call-1']);
    fs.appendFileSync(file, `-way"}\n`);
    appendAssistantCall(file, call(2));
    expect(readAssistantCalls(file, read.position)!.calls.map((c) => c.id)).toEqual(['call-2']);
  });

  it('reads a log started over from its start, also when it grew past where the old one stopped', () => {
    appendAssistantCall(file, call(1));
    const read = readAssistantCalls(file, null)!;
    fs.rmSync(file);
    for (const n of [7, 8, 9]) appendAssistantCall(file, call(n));
    expect(readAssistantCalls(file, read.position)!.calls.map((c) => c.id)).toEqual([
      'call-7',
      'call-8',
      'call-9',
    ]);
  });
});
