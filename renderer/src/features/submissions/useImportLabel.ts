import { useOp } from '../../bridge';

const importTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** How the toolbar names the import a view is narrowed to, once the import's file is known. */
export function useImportLabel(importJobId: string | null): string | null {
  const imports = useOp('imports.list', {}, { enabled: importJobId !== null });
  if (!importJobId) return null;
  const importJob = imports.data?.imports.find((job) => job.jobId === importJobId);
  return importJob
    ? `Imported by ${importJob.fileName}, ${importTime.format(new Date(importJob.createdAt))}`
    : 'Imported rows';
}
