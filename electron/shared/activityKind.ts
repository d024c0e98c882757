import { type ActivityKind } from './contract/activity';

/** Activity kinds read as people say them: `submission.deleted` → "Submission deleted". */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  'submission.deleted': 'Submission deleted',
  'submission.recreated': 'Submission created again',
  'submissions.bulkDeleted': 'Bulk delete',
  'people.erased': 'Person erased',
  'webhook.created': 'Webhook created',
  'webhook.deleted': 'Webhook deleted',
  'webhook.forgotten': 'Webhook forgotten',
  'webhook.uncertain': 'Webhook may exist',
  'webhook.exists': 'Webhook seen delivering',
  'cache.rebuilt': 'Cache rebuilt',
  'cache.damaged': 'Cache damaged',
  'import.unconfirmed': 'Import rows to check',
  'assistant.read': 'Read by an AI assistant',
};

/** A kind's label; a kind this version does not know (a newer file's) spelled out. */
export function activityKindLabel(kind: string): string {
  const known = (ACTIVITY_KIND_LABELS as Record<string, string>)[kind];
  if (known) return known;
  const words = kind.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
