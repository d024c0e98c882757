import { Button, Group, Stack, Stepper } from '@mantine/core';
import { useCallback, useState } from 'react';
import {
  type ColumnMapping,
  type ImportPreview,
  type ImportValidation,
} from '../../../../electron/shared/contract/imports';
import { useOp } from '../../bridge';
import { DryRunStep } from './DryRunStep';
import { FileStep } from './FileStep';
import { MapStep } from './MapStep';
import { ReadStep } from './ReadStep';
import { ReportStep } from './ReportStep';
import { RunStep } from './RunStep';
import { TargetStep } from './TargetStep';
import { ValidateStep } from './ValidateStep';

const STEPS = ['Target', 'File', 'Read', 'Map', 'Validate', 'Dry run', 'Run', 'Report'] as const;
export const RUN_STEP = STEPS.indexOf('Run');
export const REPORT_STEP = STEPS.indexOf('Report');

export interface WizardStart {
  /** Reopens an import already under way (or finished) at its run or report step. */
  jobId: string;
  formId: string;
  step: number;
}

/**
 * The guided import: each step checks what the next one needs, and changing an earlier choice
 * clears what was built on it (a new file clears the mapping, a new mapping the validation).
 */
export function ImportWizard({ start, onClose }: { start?: WizardStart; onClose: () => void }) {
  const [step, setStep] = useState(start?.step ?? 0);
  const [formId, setFormId] = useState<string | null>(start?.formId ?? null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mappings, setMappings] = useState<ColumnMapping[] | null>(null);
  const [validation, setValidation] = useState<ImportValidation | null>(null);
  const jobId = start?.jobId ?? validation?.jobId ?? null;
  const list = useOp('imports.list', {}, { enabled: jobId !== null && step >= RUN_STEP });
  const jobState = list.data?.imports.find((i) => i.jobId === jobId)?.state;

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

  const canLeave: boolean[] = [
    formId !== null,
    preview !== null,
    preview !== null && preview.rowCount > 0,
    mappings?.some((m) => m.target.kind === 'question') ?? false,
    (validation?.validRows ?? 0) > 0,
    true,
    jobState === 'done' || jobState === 'cancelled',
    false,
  ];
  // Once an import has started there is no going back to change its rows.
  const locked = start !== undefined || (jobState !== undefined && jobState !== 'draft');
  const canReach = (target: number) =>
    locked ? target >= RUN_STEP : target <= step || canLeave.slice(0, target).every(Boolean);

  return (
    <Stack gap="lg">
      <Stepper
        active={step}
        onStepClick={(s) => canReach(s) && setStep(s)}
        size="sm"
        aria-label="Import steps"
      >
        <Stepper.Step label="Target" allowStepSelect={canReach(0)}>
          <TargetStep formId={formId} onChange={chooseForm} />
        </Stepper.Step>
        <Stepper.Step label="File" allowStepSelect={canReach(1)}>
          <FileStep preview={preview} onRead={readFile} />
        </Stepper.Step>
        <Stepper.Step label="Read" allowStepSelect={canReach(2)}>
          {preview && <ReadStep preview={preview} onRead={readFile} />}
        </Stepper.Step>
        <Stepper.Step label="Map" allowStepSelect={canReach(3)}>
          {preview && formId && (
            <MapStep
              formId={formId}
              preview={preview}
              mappings={mappings}
              onChange={changeMappings}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label="Validate" allowStepSelect={canReach(4)}>
          {preview && formId && mappings && (
            <ValidateStep
              formId={formId}
              preview={preview}
              mappings={mappings}
              validation={validation}
              onValidated={setValidation}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label="Dry run" allowStepSelect={canReach(5)}>
          {jobId && <DryRunStep jobId={jobId} />}
        </Stepper.Step>
        <Stepper.Step label="Run" allowStepSelect={canReach(6)}>
          {jobId && <RunStep jobId={jobId} />}
        </Stepper.Step>
        <Stepper.Step label="Report" allowStepSelect={canReach(7)}>
          {jobId && formId && <ReportStep jobId={jobId} formId={formId} />}
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="subtle" onClick={onClose}>
          {jobState === 'done' || jobState === 'cancelled' ? 'Close' : 'Back to imports'}
        </Button>
        <Group>
          <Button
            variant="default"
            disabled={step === 0 || !canReach(step - 1)}
            onClick={() => setStep(step - 1)}
          >
            Back
          </Button>
          {step < REPORT_STEP && (
            <Button disabled={!canLeave[step]} onClick={() => setStep(step + 1)}>
              {step === RUN_STEP - 1 ? 'Continue to run' : 'Next'}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
