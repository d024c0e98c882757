import { type CacheDb } from './openCache';
import { ActivityLog } from './activityLog';
import { FormStore } from './formStore';
import { QuestionCatalog } from './questionCatalog';
import { SubmissionQuery } from './submissionQuery';
import { SubmissionStore } from './submissionStore';
import { SubmissionSummaries } from './submissionSummary';
import { SubmissionWindows } from './submissionWindows';
import { SyncStateStore } from './syncStateStore';

/** The repositories of one workspace file, prepared once per open database. */
export interface CacheStores {
  db: CacheDb;
  forms: FormStore;
  submissions: SubmissionStore;
  windows: SubmissionWindows;
  query: SubmissionQuery;
  summaries: SubmissionSummaries;
  questions: QuestionCatalog;
  syncState: SyncStateStore;
  activity: ActivityLog;
}

const opened = new WeakMap<CacheDb, CacheStores>();

export function cacheStores(db: CacheDb): CacheStores {
  let stores = opened.get(db);
  if (!stores) {
    stores = {
      db,
      forms: new FormStore(db),
      submissions: new SubmissionStore(db),
      windows: new SubmissionWindows(db),
      query: new SubmissionQuery(db),
      summaries: new SubmissionSummaries(db),
      questions: new QuestionCatalog(db),
      syncState: new SyncStateStore(db),
      activity: new ActivityLog(db),
    };
    opened.set(db, stores);
  }
  return stores;
}
