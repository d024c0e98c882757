import type Database from 'better-sqlite3';
import { type SubmissionStatus } from '../../shared/api/endpoints';

/** A form's rows of one status and preview flag. */
export interface RowGroup {
  formId: string;
  status: SubmissionStatus;
  preview: number;
}

/** The first of the private-use characters a token is written in, and how many there are. */
const FIRST = 0xe000;
const CHARS = 0x1900;

/**
 * The token that each row's entry in the index of word endings carries for its group (its form,
 * status and preview flag): a search's matches in one group are then counted by the index alone,
 * the search AND the group's token, where listing every match of a common word to count it costs
 * several times the index's own read. Two private-use characters: the index holds words' endings
 * of three characters or more and a search of it is at least three, so no search finds a token.
 */
export function groupToken(id: number): string {
  return String.fromCharCode(FIRST + Math.floor(id / CHARS), FIRST + (id % CHARS));
}

/**
 * The ids of groups, each given the first time a row of it is indexed. Asked inside the
 * transaction that stores the rows: an id given in one that rolls back is given again.
 */
export class SearchGroups {
  private readonly find;
  private readonly add;

  constructor(db: Database.Database) {
    this.find = db
      .prepare<[string, string, number], number>(
        `SELECT id FROM search_groups WHERE form_id = ? AND status = ? AND is_preview = ?`,
      )
      .pluck();
    this.add = db
      .prepare<[string, string, number], number>(
        `INSERT INTO search_groups (form_id, status, is_preview) VALUES (?, ?, ?) RETURNING id`,
      )
      .pluck();
  }

  idOf({ formId, status, preview }: RowGroup): number {
    const id = this.find.get(formId, status, preview) ?? this.add.get(formId, status, preview);
    if (id === undefined || id >= CHARS * CHARS) throw new Error(`no search group for ${formId}`);
    return id;
  }
}
