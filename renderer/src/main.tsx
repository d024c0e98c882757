import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ConnectionProvider } from './app/connection';
import { ErrorBoundary } from './app/ErrorBoundary';
import { cssVariablesResolver, theme } from './app/theme';
import { BridgeProvider, resolveBridge } from './bridge';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Notifications position="bottom-right" />
      <BridgeProvider bridge={resolveBridge()}>
        <ConnectionProvider>
          {/* Inside the bridge: modal content may call operations too. */}
          <ModalsProvider>
            <ErrorBoundary>
              <App />
            </ErrorBoundary>
          </ModalsProvider>
        </ConnectionProvider>
      </BridgeProvider>
    </MantineProvider>
  </StrictMode>,
);
