import { useMemo } from 'react';
import type { FormRow } from '../../../../electron/shared/contract';
import { useOp } from '../../bridge';

/** The workspace's forms, and a form's name by id (the id itself for a form not listed). */
export function useFormNames(): { forms: FormRow[]; nameOf: (formId: string | null) => string } {
  const query = useOp('forms.list', {});
  return useMemo(() => {
    const forms = query.data?.forms ?? [];
    const names = new Map(forms.map((f) => [f.formId, f.name]));
    return {
      forms,
      nameOf: (formId) => (formId === null ? 'Unknown form' : (names.get(formId) ?? formId)),
    };
  }, [query.data]);
}
