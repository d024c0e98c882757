import type Database from 'better-sqlite3';
import { type Param } from './viewConditions';

const STATEMENTS_KEPT = 64;

/**
 * Statements prepared once per connection and kept by their SQL. A view's conditions are part of
 * its statements, so filters of many shapes make many: past a bound they are all let go.
 */
export class StatementCache {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  statement<P extends unknown[] = Param[], R = unknown>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }
}
