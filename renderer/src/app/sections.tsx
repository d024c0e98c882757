import {
  IconFileImport,
  IconForms,
  IconHistory,
  IconSettings,
  IconTable,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ActivityScreen } from '../features/activity/ActivityScreen';
import { FormsScreen } from '../features/forms/FormsScreen';
import { ImportScreen } from '../features/import/ImportScreen';
import { SubmissionsScreen } from '../features/submissions/SubmissionsScreen';
import { WebhooksScreen } from '../features/webhooks/WebhooksScreen';
import { SettingsScreen } from '../features/workspaces/SettingsScreen';

/** One entry of the navigation: its id is the URL hash (`#/forms`). */
export interface Section {
  id: string;
  label: string;
  icon: Icon;
  element: ReactNode;
}

/** The app's sections in navigation order. A feature adds its screen here. */
export const sections: readonly Section[] = [
  { id: 'forms', label: 'Forms', icon: IconForms, element: <FormsScreen /> },
  { id: 'submissions', label: 'Submissions', icon: IconTable, element: <SubmissionsScreen /> },
  { id: 'import', label: 'Import', icon: IconFileImport, element: <ImportScreen /> },
  { id: 'webhooks', label: 'Webhooks', icon: IconWebhook, element: <WebhooksScreen /> },
  { id: 'activity', label: 'Activity', icon: IconHistory, element: <ActivityScreen /> },
  { id: 'settings', label: 'Settings', icon: IconSettings, element: <SettingsScreen /> },
];
