import { type Migration } from '../migrate';

/**
 * Indexes that answer a window of the submissions table without reading its rows. A row keeps the
 * submission's whole JSON, so every row a query steps over costs a page read: the view's
 * order, the preview flag it filters on and the status it counts by are all in each entry here,
 * and only the rows of the window itself are read.
 *
 * `submissions_by_id` serves the queries driven by another table (a question's answers, in value
 * order): each answer finds its submission's status, flag and time in the index, not in the row.
 */
export const coveringQueryIndexes: Migration = {
  version: 21,
  name: 'covering-query-indexes',
  up(db) {
    db.exec(`
      DROP INDEX submissions_by_time;
      DROP INDEX submissions_by_form_time;
      DROP INDEX submissions_by_updated;
      DROP INDEX submissions_by_quiz;
      DROP INDEX submissions_by_login;
      DROP INDEX submissions_by_payment;
      CREATE INDEX submissions_by_time ON submissions (form_id, status, submission_time, submission_id, is_preview);
      CREATE INDEX submissions_by_form_time ON submissions (form_id, submission_time, submission_id, status, is_preview);
      CREATE INDEX submissions_by_updated ON submissions (form_id, status, last_updated_at, submission_time, submission_id, is_preview);
      CREATE INDEX submissions_by_quiz ON submissions (form_id, status, quiz_score, submission_time, submission_id, is_preview);
      CREATE INDEX submissions_by_login ON submissions (form_id, status, login_email, submission_time, submission_id, is_preview);
      CREATE INDEX submissions_by_payment ON submissions (form_id, status, payment_amount, submission_time, submission_id, is_preview);
      CREATE INDEX submissions_by_id ON submissions (id, form_id, status, is_preview, submission_time, submission_id);
    `);
  },
};
