import {
  type QuestionSummary,
  type SubmissionSummary,
  type ValueCount,
} from '../../shared/contract/summary';
import { type CatalogEntry } from './questionCatalog';
import { type Group } from './summaryGroups';
import { type Param } from './viewConditions';

/** Most frequent answers and latest answers shown per free-text question. */
export const TOP_ANSWERS = 5;
export const LATEST_ANSWERS = 3;

/** A free-text question's answers: how many gave one, and those given more than once, most frequent first. */
export interface TextTally {
  answered: number;
  top: ValueCount[];
}

export type LatestAnswer = { submissionId: string; submissionTime: string; text: string };

/** The submissions of a view: what to read them from (as `s`), and the condition they meet. */
export interface Rows {
  from: string;
  where: string;
  params: Param[];
}

/** Where a view's answers are read from: what the summary asks of them. */
export interface ViewAnswers {
  total: number;
  groups(keys: string[]): Map<string, Group[]>;
  /** How many in the view answered a question. */
  answered(key: string): number;
  /** How many answered a free-text question, and its answers given more than once. */
  tally(key: string): TextTally;
  /** The latest answers to a question in the view, newest first. */
  latest(key: string): LatestAnswer[];
  /** Submissions per bucket of time, the view's status aside. */
  timeline(): SubmissionSummary['timeline'];
  quiz(): SubmissionSummary['quiz'];
  payments(): SubmissionSummary['payments'];
}

export interface Question {
  entry: CatalogEntry;
  kind: QuestionSummary['kind'];
  options: string[] | null;
}

/** The questions whose answers given once are collapsed in their columns: free text, files. */
export function singlesOf(questions: readonly Question[]): Set<string> {
  return new Set(
    questions.filter((q) => q.kind === 'text' || q.kind === 'file').map((q) => q.entry.id),
  );
}
