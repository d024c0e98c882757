import { type z } from 'zod';

/** Issues an answer names: enough to fix the request by, never a copy of a large one. */
export const MAX_ISSUES = 20;
/** Characters of one issue's message an answer keeps. */
const MAX_MESSAGE = 200;

export interface IssueList {
  issues: { path: string[]; message: string }[];
  /** Issues found beyond those named. */
  moreIssues?: number;
}

/** A rejected input's first issues, with a count of the rest, for an error's details. */
export function issueList(error: z.ZodError): IssueList {
  const named = error.issues.slice(0, MAX_ISSUES).map((i) => ({
    path: i.path.slice(0, MAX_ISSUES).map(String),
    message: i.message.slice(0, MAX_MESSAGE),
  }));
  const more = error.issues.length - named.length;
  return more > 0 ? { issues: named, moreIssues: more } : { issues: named };
}
