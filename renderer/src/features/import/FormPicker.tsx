import { Select, Stack, Text } from '@mantine/core';
import { useOp } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Which form the rows become submissions of: preselected from where the import started. */
export function FormPicker({
  formId,
  onChange,
}: {
  formId: string | null;
  onChange: (formId: string | null) => void;
}) {
  const forms = useOp('forms.list', {});
  if (forms.isError) return <ErrorAlert error={forms.error} onRetry={() => void forms.refetch()} />;
  return (
    <Stack gap={4} maw={480}>
      <Select
        label="Form to import into"
        placeholder={forms.isPending ? 'Loading forms…' : 'Choose a form'}
        data={(forms.data?.forms ?? []).map((f) => ({ value: f.formId, label: f.name }))}
        value={formId}
        onChange={onChange}
        searchable
      />
      <Text size="sm" c="dimmed">
        Each row of the file becomes one submission of this form. Created submissions trigger no
        e-mails, workflows or integrations.
      </Text>
    </Stack>
  );
}
