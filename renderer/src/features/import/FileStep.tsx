import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import {
  IMPORT_FILE_MAX_BYTES,
  type ImportPreview,
} from '../../../../electron/shared/contract/imports';
import { useInvoke } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatBytes } from '../../components/plainNumbers';
import { base64Chunks } from './fileChunks';
import { FilePreview } from './FilePreview';
import { FormPicker } from './FormPicker';

/**
 * What the picker offers, as MIME types with their extensions (a bare extension in the list makes
 * the dropzone warn and skip it). Excel saves CSV as `application/vnd.ms-excel` too.
 */
const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.txt'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.ms-excel': ['.xls', '.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
};

/**
 * The first screen: the form, a workbook or CSV file dropped or picked (its bytes go to core in
 * base64 parts and are read there), and how it was read beside the rows as read.
 */
export function FileStep({
  formId,
  onForm,
  preview,
  onRead,
}: {
  formId: string | null;
  onForm: (formId: string | null) => void;
  preview: ImportPreview | null;
  onRead: (preview: ImportPreview) => void;
}) {
  const invoke = useInvoke();
  const openRef = useRef<() => void>(null);
  const [sent, setSent] = useState<{ bytes: number; total: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [rejected, setRejected] = useState<string | null>(null);

  const send = async (file: File) => {
    setError(null);
    setRejected(null);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      setSent({ bytes: 0, total: bytes.length });
      let uploadId: string | undefined;
      for (const part of base64Chunks(bytes)) {
        const answer = await invoke('imports.upload', {
          ...(uploadId ? { uploadId } : {}),
          fileName: file.name,
          chunkBase64: part.base64,
          final: part.final,
        });
        uploadId = answer.uploadId;
        setSent({ bytes: answer.receivedBytes, total: bytes.length });
      }
      onRead(await invoke('imports.parse', { uploadId: uploadId! }));
    } catch (failure) {
      setError(failure);
    } finally {
      setSent(null);
    }
  };

  return (
    <Stack gap="sm">
      <FormPicker formId={formId} onChange={onForm} />
      <Dropzone
        onDrop={(files) => files[0] && void send(files[0])}
        onReject={(rejections) =>
          setRejected(
            rejections[0]?.errors[0]?.code === 'file-too-large'
              ? `That file is larger than ${formatBytes(IMPORT_FILE_MAX_BYTES)}. Split it into smaller files and import them one by one.`
              : 'That is not a workbook (.xlsx, .xls, .ods) or a CSV or text file. Choose the file that holds the rows to import.',
          )
        }
        maxSize={IMPORT_FILE_MAX_BYTES}
        accept={ACCEPT}
        multiple={false}
        openRef={openRef}
        loading={sent !== null}
        aria-label="Drop a workbook or CSV file here"
      >
        <Group justify="center" gap="md" mih={preview ? 60 : 140} style={{ pointerEvents: 'none' }}>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={40} stroke={1.4} />
          </Dropzone.Idle>
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.4} />
          </Dropzone.Accept>
          <div>
            <Text size="lg">
              {preview ? 'Drop another file here' : 'Drop a workbook or CSV file here'}
            </Text>
            <Text size="sm" c="dimmed">
              An Excel or OpenDocument workbook, or CSV or tab-separated text in any common
              encoding, up to {formatBytes(IMPORT_FILE_MAX_BYTES)}.
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Group>
        <Button variant="default" onClick={() => openRef.current?.()} disabled={sent !== null}>
          Choose a file…
        </Button>
      </Group>
      {sent && (
        <Progress
          value={sent.total === 0 ? 100 : (sent.bytes / sent.total) * 100}
          aria-label="Sending the file"
        />
      )}
      {rejected && (
        <Alert color="yellow" role="alert">
          {rejected}
        </Alert>
      )}
      {error !== null && <ErrorAlert error={error} />}
      {preview && <FilePreview preview={preview} onRead={onRead} />}
    </Stack>
  );
}
