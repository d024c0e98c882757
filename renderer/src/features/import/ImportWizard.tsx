import { Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconPlayerPlay } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import {
  type ColumnMapping,
  type ImportPreview,
  type ImportValidation,
} from '../../../../electron/shared/contract/imports';
import { useOp, useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FileStep } from './FileStep';
import { MapStep } from './MapStep';
import { ReportStep } from './ReportStep';
import { ReviewStep } from './ReviewStep';
import { RunStep } from './RunStep';
import { FINISHED_STATES } from './importStates';
import { MarkerNotice } from './MarkerNotice';

const STEPS = ['File', 'Columns', 'Review', 'Import'] as const;
export const IMPORT_STEP = STEPS.indexOf('Import');
const REVIEW_STEP = STEPS.indexOf('Review');

export interface WizardStart {
  /** Reopens an import already under way (or finished) at its last screen. */
  jobId: string;
  formId: string;
}

/**
 * The guided import in four screens: a file (and the form, and how the file is read), where its
 * columns go, the rows reviewed and fixed, then the import and its report. Changing an earlier
 * choice clears what was built on it (a new file clears the mapping, a new mapping the review).
 * Each screen has one set of buttons: back, the next step, and the one way out.
 */
export function ImportWizard({
  start,
  initialFormId,
  onClose,
}: {
  start?: WizardStart;
  initialFormId?: string | null;
  onClose: () => void;
}) {
  const [step, setStep] = useState(start ? IMPORT_STEP : 0);
  const [formId, setFormId] = useState<string | null>(start?.formId ?? initialFormId ?? null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mappings, setMappings] = useState<ColumnMapping[] | null>(null);
  const [validation, setValidation] = useState<ImportValidation | null>(null);
  const [started, setStarted] = useState(false);
  // The import screen asks for the job's state as it opens: refetching the review's queries
  // first (the default) would only hold the run's controls back while the first batches go.
  const begin = useOpMutation('imports.start', { invalidates: [] });
  const jobId = start?.jobId ?? validation?.jobId ?? null;
  const list = useOp('imports.list', {}, { enabled: jobId !== null && step === IMPORT_STEP });
  const jobState = list.data?.imports.find((i) => i.jobId === jobId)?.state;
  const finished = jobState !== undefined && FINISHED_STATES.has(jobState);

  const chooseForm = (id: string | null) => {
    setFormId(id);
    setMappings(null);
    setValidation(null);
  };
  const readFile = (next: ImportPreview) => {
    if (
      next.fileId !== preview?.fileId ||
      next.columns.join('\u0000') !== preview.columns.join('\u0000')
    )
      setMappings(null);
    setPreview(next);
    setValidation(null);
  };
  const changeMappings = useCallback((next: ColumnMapping[]) => {
    setMappings(next);
    setValidation(null);
  }, []);
  const startImport = () => {
    if (!jobId) return;
    begin.mutate(
      { jobId },
      {
        onSuccess: () => {
          setStarted(true);
          setStep(IMPORT_STEP);
        },
      },
    );
  };

  const canLeave: boolean[] = [
    formId !== null && preview !== null && preview.rowCount > 0,
    mappings?.some((m) => m.target.kind === 'question') ?? false,
    (validation?.validRows ?? 0) > 0,
    false,
  ];
  // Once an import has started there is no going back to change its rows.
  const locked = start !== undefined || started;
  // An import not started is not kept: leaving it loses the file, its columns and every fix.
  const leave = () => {
    if (locked || preview === null) return onClose();
    modals.openConfirmModal({
      title: 'Leave this import?',
      children: (
        <Text size="sm">
          Nothing has been sent. The file, its columns and the fixes made to its rows are not kept:
          to import it later, you start again from the file.
        </Text>
      ),
      labels: { confirm: 'Leave the import', cancel: 'Keep working' },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };
  const canReach = (target: number) =>
    locked ? target === IMPORT_STEP : target <= step || canLeave.slice(0, target).every(Boolean);

  return (
    <Stack gap="lg">
      <Stepper
        active={step}
        onStepClick={(s) => canReach(s) && setStep(s)}
        size="sm"
        aria-label="Import steps"
      >
        <Stepper.Step label="File" description="and the form" allowStepSelect={canReach(0)}>
          <FileStep formId={formId} onForm={chooseForm} preview={preview} onRead={readFile} />
        </Stepper.Step>
        <Stepper.Step label="Columns" description="match them" allowStepSelect={canReach(1)}>
          {preview && formId && (
            <MapStep
              formId={formId}
              preview={preview}
              mappings={mappings}
              onChange={changeMappings}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label="Review" description="fix or leave out" allowStepSelect={canReach(2)}>
          {preview && formId && mappings && (
            <ReviewStep
              formId={formId}
              preview={preview}
              mappings={mappings}
              validation={validation}
              onValidated={setValidation}
              // Kept with the review: the orders it reads dates in are the draft's own already.
              onMappings={setMappings}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label="Import" description="and the report" allowStepSelect={canReach(3)}>
          {jobId && formId && (
            <Stack gap="lg">
              <RunStep jobId={jobId} />
              {finished && <ReportStep jobId={jobId} formId={formId} />}
            </Stack>
          )}
        </Stepper.Step>
      </Stepper>
      {step === REVIEW_STEP && validation && <MarkerNotice jobId={validation.jobId} />}
      {begin.error && <ErrorAlert error={begin.error} />}
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={leave}>
          Back to imports
        </Button>
        {step < IMPORT_STEP && (
          <Group>
            <Button variant="default" disabled={step === 0} onClick={() => setStep(step - 1)}>
              Back
            </Button>
            {step === REVIEW_STEP ? (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                disabled={!canLeave[step]}
                loading={begin.isPending}
                onClick={startImport}
              >
                Start import
              </Button>
            ) : (
              <Button disabled={!canLeave[step]} onClick={() => setStep(step + 1)}>
                Next
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
