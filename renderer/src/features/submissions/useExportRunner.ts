import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { toErrorShape, useAppEvent, useInvoke } from '../../bridge';
import { progressPercent } from '../../components/plainNumbers';

/** What an export operation answers (`submissions.export`, `activity.export`). */
export interface FinishedExport {
  exportId: string;
  fileName: string;
  bytes: number;
}

const sizeFormat = new Intl.NumberFormat(undefined, {
  style: 'unit',
  unit: 'kilobyte',
  maximumFractionDigits: 1,
});

/**
 * Runs an export with its progress in one notification, then hands the file to the person:
 * a save dialog in the desktop app, a download in browser mode (`files.saveExport`).
 */
export function useExportRunner() {
  const invoke = useInvoke();
  const [running, setRunning] = useState(false);
  const current = useRef<{ notificationId: string; formId: string | null } | null>(null);

  useAppEvent('export.progress', (event) => {
    const run = current.current;
    if (!run || event.done || (run.formId && event.formId !== run.formId) || event.rowsTotal === 0)
      return;
    const percent = progressPercent(event.rowsDone, event.rowsTotal);
    notifications.update({
      id: run.notificationId,
      loading: true,
      message: `${event.rowsDone.toLocaleString()} of ${event.rowsTotal.toLocaleString()} rows (${percent}%)`,
    });
  });

  const run = async (options: {
    title: string;
    formId: string | null;
    start: () => Promise<FinishedExport & { count: number }>;
  }) => {
    setRunning(true);
    const notificationId = notifications.show({
      loading: true,
      autoClose: false,
      withCloseButton: false,
      title: options.title,
      message: 'Starting…',
    });
    current.current = { notificationId, formId: options.formId };
    const finish = (props: { color: string; title: string; message: string }) =>
      notifications.update({
        id: notificationId,
        loading: false,
        autoClose: 8000,
        withCloseButton: true,
        ...props,
      });
    try {
      const result = await options.start();
      current.current = null;
      const size = sizeFormat.format(result.bytes / 1024);
      const delivery = await invoke('files.saveExport', { exportId: result.exportId });
      if (delivery.delivery === 'download') {
        const link = document.createElement('a');
        link.href = delivery.url;
        link.download = delivery.fileName;
        link.click();
        finish({
          color: 'teal',
          title: `Exported ${result.count.toLocaleString()} rows`,
          message: `${delivery.fileName} (${size}) is downloading.`,
        });
      } else if (delivery.delivery === 'saved') {
        finish({
          color: 'teal',
          title: `Exported ${result.count.toLocaleString()} rows`,
          message: `Saved ${size} to ${delivery.savedTo}`,
        });
      } else {
        finish({
          color: 'gray',
          title: 'Export not saved',
          message: 'The save was cancelled; export again when you are ready.',
        });
      }
    } catch (error) {
      finish({ color: 'red', title: 'The export failed', message: toErrorShape(error).message });
    } finally {
      current.current = null;
      setRunning(false);
    }
  };

  return { running, run };
}
