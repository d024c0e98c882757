import { type Migration } from '../migrate';

/**
 * Which forms keep their preview responses in the cache. The service lists previews only when asked
 * (`includePreview`), and telling them apart takes a second walk of the whole listing: as many
 * requests again as the pull itself. A form fetches them from the first time its owner asks to see
 * them; a file that already holds previews of a form keeps them, so nothing shown before goes.
 */
export const keepPreviews: Migration = {
  version: 23,
  name: 'keep-previews',
  up(db) {
    db.exec(`
      ALTER TABLE forms ADD COLUMN keep_previews INTEGER NOT NULL DEFAULT 0;
      UPDATE forms SET keep_previews = 1
        WHERE form_id IN (SELECT form_id FROM submission_counts WHERE is_preview = 1 AND n > 0);
    `);
  },
};
