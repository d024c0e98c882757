import { IconForms, IconSettings, IconWebhook, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormsScreen } from '../features/forms/FormsScreen';
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
  { id: 'webhooks', label: 'Webhooks', icon: IconWebhook, element: <WebhooksScreen /> },
  { id: 'settings', label: 'Settings', icon: IconSettings, element: <SettingsScreen /> },
];
