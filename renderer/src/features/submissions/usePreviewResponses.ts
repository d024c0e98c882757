import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { toErrorShape, useOpMutation } from '../../bridge';
import { adviseOn } from '../../components/errorAdvice';

/**
 * The service lists previews only when asked: the cache fetches a form's once they are wanted.
 */
export function usePreviewResponses(formId: string, includePreview: boolean): void {
  const { mutate: keepPreviews } = useOpMutation('forms.keepPreviews', {
    // The sync it starts tells of its progress, and of the rows, through its own events.
    invalidates: [],
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Preview responses could not be fetched',
        message: adviseOn(toErrorShape(error)).sentence,
      }),
  });

  useEffect(() => {
    if (includePreview) keepPreviews({ formId });
  }, [includePreview, formId, keepPreviews]);
}
