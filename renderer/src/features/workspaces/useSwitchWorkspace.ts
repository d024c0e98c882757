import { notifications } from '@mantine/notifications';
import { useAppLocation } from '../../app/useAppLocation';
import { toErrorShape, useOpMutation } from '../../bridge';
import { adviseOn } from '../../components/errorAdvice';

/**
 * Opens another workspace: every cached answer belongs to the old one, so all queries start over,
 * and the selected form (an id of the old workspace) is dropped from the address.
 */
export function useSwitchWorkspace() {
  const { section, go } = useAppLocation();
  return useOpMutation('workspaces.select', {
    invalidates: 'all',
    onSuccess: () => go(section === 'settings' ? 'settings' : 'forms', { formId: null }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not switch workspace',
        message: adviseOn(toErrorShape(error)).sentence,
      }),
  });
}
