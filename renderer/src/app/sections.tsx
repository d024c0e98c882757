import {
  IconFileImport,
  IconForms,
  IconHistory,
  IconSettings,
  IconTable,
  IconUserSearch,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { FormsScreen } from '../features/forms/FormsScreen';

/** One entry of the navigation: its id is the URL hash (`#/forms`). */
export interface Section {
  id: string;
  label: string;
  icon: Icon;
  element: ReactNode;
}

/**
 * A screen whose code is fetched the first time its section opens (the frame shows a Suspense
 * fallback meanwhile), so start-up loads the home screen's code only.
 */
function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ReactNode {
  const Screen = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return <Screen />;
}

/** The app's sections in navigation order. A feature adds its screen here. */
export const sections: readonly Section[] = [
  { id: 'forms', label: 'Forms', icon: IconForms, element: <FormsScreen /> },
  {
    id: 'submissions',
    label: 'Submissions',
    icon: IconTable,
    element: lazyScreen(
      () => import('../features/submissions/SubmissionsScreen'),
      'SubmissionsScreen',
    ),
  },
  {
    id: 'people',
    label: 'People',
    icon: IconUserSearch,
    element: lazyScreen(() => import('../features/people/PeopleScreen'), 'PeopleScreen'),
  },
  {
    id: 'import',
    label: 'Import',
    icon: IconFileImport,
    element: lazyScreen(() => import('../features/import/ImportScreen'), 'ImportScreen'),
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    icon: IconWebhook,
    element: lazyScreen(() => import('../features/webhooks/WebhooksScreen'), 'WebhooksScreen'),
  },
  {
    id: 'activity',
    label: 'Activity',
    icon: IconHistory,
    element: lazyScreen(() => import('../features/activity/ActivityScreen'), 'ActivityScreen'),
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: IconSettings,
    element: lazyScreen(() => import('../features/workspaces/SettingsScreen'), 'SettingsScreen'),
  },
];
