import { type Migration } from '../migrate';

/**
 * `assistant_log_read`: how far the app has taken the assistants' server's log (`assistant-log.jsonl`
 * beside the cache) into Activity, and the last line it took, by which a log started over is told
 * from the one read. Durable, as the entries it took are: a rebuilt cache takes no line twice.
 */
export const assistantLogRead: Migration = {
  version: 34,
  name: 'assistant-log-read',
  durableTables: ['assistant_log_read'],
  up(db) {
    db.exec(`
      CREATE TABLE assistant_log_read (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        bytes INTEGER NOT NULL,
        last_line TEXT NOT NULL
      ) STRICT;
    `);
  },
};
