/** Activity kinds read as people say them: `submission.deleted` → "Submission deleted". */
const LABELS: Record<string, string> = {
  'submission.deleted': 'Submission deleted',
};

export function activityKindLabel(kind: string): string {
  const known = LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
