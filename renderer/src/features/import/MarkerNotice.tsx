import { Alert } from '@mantine/core';
import { useOp } from '../../bridge';

/**
 * Said once, before an import starts, where the service drops the times Formdesk sends: its rows
 * then carry nothing that tells them from a respondent's, so a lost answer is the person's call.
 */
export function MarkerNotice({ jobId }: { jobId: string }) {
  const plan = useOp('imports.dryRun', { jobId }, { staleTime: 0 });
  if (plan.data?.serviceKeepsTimes !== false) return null;
  return (
    <Alert color="yellow" title="A lost answer cannot be checked on this service">
      This service does not keep the submission times Formdesk sends, which is how an import
      recognises its own rows. If the service does not answer a request, Formdesk cannot tell the
      rows it sent from a respondent&apos;s submission with the same answers: rather than risk
      sending them twice, it lists them for you to check when the import ends.
    </Alert>
  );
}
