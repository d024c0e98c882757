import type Database from 'better-sqlite3';
import { StatementCache } from './statementCache';
import { type Param } from './viewConditions';

/**
 * The prepared statements of one connection's view reads, and what every read asks first: the
 * version of a form's views and the file's largest rowid.
 */
export class QueryStatements {
  private readonly statements: StatementCache;
  private readonly versionStatement;
  private readonly rewrittenStatement;

  constructor(readonly db: Database.Database) {
    this.statements = new StatementCache(db);
    // Moved by triggers on every write that changes what the form's views show, through any
    // connection; the sync's marks on rows it saw unchanged leave it alone.
    this.versionStatement = db.prepare<[string], { version: number }>(
      `SELECT version FROM form_changes WHERE form_id = ?`,
    );
    this.rewrittenStatement = db
      .prepare<[string], number>(`SELECT rewritten FROM form_changes WHERE form_id = ?`)
      .pluck();
  }

  statement<R>(sql: string): Database.Statement<Param[], R> {
    return this.statements.statement<Param[], R>(sql);
  }

  /** The version of the form's views: what is remembered of them holds while it stays. */
  version(formId: string): string {
    return String(this.versionStatement.get(formId)?.version ?? 0);
  }

  /** The version at which rows of the form were last rewritten or deleted, not only added. */
  rewritten(formId: string): number {
    return this.rewrittenStatement.get(formId) ?? 0;
  }

  /**
   * The file's largest rowid. Writes commit one at a time and each new row takes a rowid above
   * every one in the file, so rows come in rowid order: a read that follows this one holds every
   * row up to it, and every row up to the largest it saw itself. Up to there, rows of a view added
   * later have larger rowids.
   */
  largestRowid(): number {
    return this.statement<number>('SELECT max(id) FROM submissions').pluck().get() ?? 0;
  }
}
