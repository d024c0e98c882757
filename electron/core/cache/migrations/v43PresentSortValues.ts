import { type Migration } from '../migrate';

/**
 * The indexes of a sort by quiz score, login e-mail or payment hold the rows that have one: most
 * forms are no quiz, ask for no login and take no payment, and each of these indexes held an entry
 * for every row of every form. A sort by one of them reads those rows first (or last), then the
 * rest in time order, which the two time indexes now answer by holding the three values too: a
 * missing value costs an entry a byte. The status follows the value, as in the index of all
 * statuses by time, so that a sort of every status reads its order too rather than sorting it.
 */
export const presentSortValues: Migration = {
  version: 43,
  name: 'present-sort-values',
  up(db) {
    db.exec(`
      DROP INDEX submissions_by_quiz;
      DROP INDEX submissions_by_login;
      DROP INDEX submissions_by_payment;
      DROP INDEX submissions_by_time;
      DROP INDEX submissions_by_form_time;
      CREATE INDEX submissions_by_time ON submissions
        (form_id, status, submission_time, submission_id, is_preview, quiz_score, login_email, payment_amount);
      CREATE INDEX submissions_by_form_time ON submissions
        (form_id, submission_time, submission_id, status, is_preview, quiz_score, login_email, payment_amount);
      CREATE INDEX submissions_by_quiz ON submissions
        (form_id, quiz_score, submission_time, submission_id, status, is_preview) WHERE quiz_score IS NOT NULL;
      CREATE INDEX submissions_by_login ON submissions
        (form_id, login_email, submission_time, submission_id, status, is_preview) WHERE login_email IS NOT NULL;
      CREATE INDEX submissions_by_payment ON submissions
        (form_id, payment_amount, submission_time, submission_id, status, is_preview) WHERE payment_amount IS NOT NULL;
    `);
  },
};
