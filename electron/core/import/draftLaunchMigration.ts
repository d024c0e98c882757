import { type Migration } from '../cache/migrate';

/**
 * Which launch of the app made a draft. A draft is reached only through the page that validated
 * its file, and no page outlives the app, so a draft of an earlier launch can never be started or
 * edited again: the wizard removes those (`draftSweeper.ts`), where before they stayed for good,
 * each holding every row of its file. Drafts written before this step have none, and go too.
 */
export const importDraftLaunch: Migration = {
  version: 31,
  name: 'import-draft-launch',
  up(db) {
    db.exec(`ALTER TABLE import_jobs ADD COLUMN draft_launch TEXT;`);
  },
};
