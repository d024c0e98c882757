import { Text } from '@mantine/core';
import type { FormRow } from '../../../../electron/shared/contract';

/**
 * Names the form an action here applies to: the one picked at the top of the page, or the first
 * form while the page lists every form's webhooks.
 */
export function TargetForm({ form, chosen }: { form: FormRow | null; chosen: boolean }) {
  if (!form)
    return (
      <Text size="sm" c="dimmed">
        No form yet: sync the workspace first.
      </Text>
    );
  return (
    <Text size="sm" data-target-form={form.formId}>
      For{' '}
      <Text span fw={600} inherit>
        {form.name}
      </Text>
      {!chosen && (
        <Text span c="dimmed" inherit>
          {' '}
          (the first form; pick another at the top of the page)
        </Text>
      )}
    </Text>
  );
}
