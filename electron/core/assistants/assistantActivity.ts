import { watch, type FSWatcher } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { ActivityLog } from '../cache/activityLog';
import { FormStore } from '../cache/formStore';
import { type AppContext } from '../session/context';
import {
  ASSISTANT_LOG,
  assistantLogFile,
  readAssistantCalls,
  type AssistantCall,
  type LogPosition,
} from './assistantLog';

/**
 * Takes the calls the assistants' server logged beside the open workspace's cache into its Activity:
 * what the log holds when the workspace opens (calls made while the app was closed), then each
 * line as it is appended.
 */
export function assistantActivity(ctx: AppContext): void {
  ctx.onSessionOpened((session) => {
    const file = assistantLogFile(ctx.dataDir, session.workspace.id);
    const take = () => {
      if (session.signal.aborted || !session.db.open) return;
      try {
        if (takeAssistantCalls(session.db, file, session.workspace.id) > 0)
          ctx.emit({
            type: 'cache.changed',
            workspaceId: session.workspace.id,
            tables: ['activity'],
          });
      } catch (error) {
        ctx.log.warn(
          `the assistants' log of workspace ${session.workspace.id} could not be read`,
          error,
        );
      }
    };
    take();
    let watcher: FSWatcher | null = null;
    try {
      // The folder, not the file: the file may not exist yet, and a watch on it would end at its removal.
      watcher = watch(dirname(file), (_event, name) => {
        if (name === null || name === ASSISTANT_LOG) take();
      });
      watcher.on('error', (error) => ctx.log.warn("watching the assistants' log stopped", error));
    } catch (error) {
      ctx.log.warn(
        `the assistants' log of workspace ${session.workspace.id} is taken in at each open only`,
        error,
      );
    }
    session.signal.addEventListener('abort', () => watcher?.close(), { once: true });
  });
}

/** Records the calls logged since the last taken, with the new position, in one transaction. */
export function takeAssistantCalls(
  db: Database.Database,
  file: string,
  workspaceId: string,
): number {
  return db
    .transaction(() => {
      const row = db
        .prepare<[], { bytes: number; last_line: string }>(
          'SELECT bytes, last_line FROM assistant_log_read WHERE id = 1',
        )
        .get();
      const from: LogPosition | null = row ? { bytes: row.bytes, lastLine: row.last_line } : null;
      const read = readAssistantCalls(file, from);
      if (!read || read.position.bytes === from?.bytes) return 0;
      const log = new ActivityLog(db);
      const forms = new FormStore(db);
      for (const call of read.calls) {
        log.record({
          at: call.at,
          workspaceId,
          kind: 'assistant.read',
          formId: call.formId,
          submissionId: call.submissionId,
          summary: summaryOf(call, call.formId === null ? null : forms.name(call.formId)),
          snapshot: undefined,
        });
      }
      db.prepare(
        `INSERT INTO assistant_log_read (id, bytes, last_line) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET bytes = excluded.bytes, last_line = excluded.last_line`,
      ).run(read.position.bytes, read.position.lastLine);
      return read.calls.length;
    })
    .immediate();
}

const ASKED: Record<string, string> = {
  list_forms: 'listed the forms',
  search_submissions: 'searched the submissions',
  get_submission: 'read a submission',
  summarize_form: 'read the summary',
};

/** One sentence: which tool, which form, how many rows, and whether it was answered. */
function summaryOf(call: AssistantCall, formName: string | null): string {
  const what = ASKED[call.tool] ?? `called ${call.tool}`;
  const form = call.formId === null ? '' : ` of “${formName ?? call.formId}”`;
  if (call.outcome === 'refused')
    return `An AI assistant was refused: it ${what}${form}, and this workspace is not shared with assistants.`;
  if (call.outcome === 'failed') return `An AI assistant ${what}${form}, and got no answer.`;
  const rows =
    call.tool === 'summarize_form'
      ? ''
      : call.tool === 'list_forms'
        ? `: ${call.rows} form${call.rows === 1 ? '' : 's'}`
        : `: ${call.rows} row${call.rows === 1 ? '' : 's'}`;
  return `An AI assistant ${what}${form}${rows}.`;
}
