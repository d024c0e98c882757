import { Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { personZone, useExportPreferences } from './exportPreferences';

/** Settings of every CSV and .xlsx export: times, empty columns, the words for yes and no. */
export function ExportSettings() {
  const [preferences, setPreferences] = useExportPreferences();
  const word = (key: 'yes' | 'no', fallback: string) => (value: string) =>
    setPreferences({ ...preferences, [key]: value.trim() === '' ? fallback : value.slice(0, 40) });
  return (
    <Stack gap={6} mt="md">
      <Title order={3}>Exports</Title>
      <Text c="dimmed" size="sm">
        CSV and Excel exports read like the table: these apply to each of them.
      </Text>
      <Switch
        label="Write times in UTC"
        description={`Off: times are on your clock (${personZone()}).`}
        checked={preferences.utc}
        onChange={(event) => setPreferences({ ...preferences, utc: event.currentTarget.checked })}
      />
      <Switch
        label="Keep columns no exported row has answered"
        checked={preferences.keepEmptyColumns}
        onChange={(event) =>
          setPreferences({ ...preferences, keepEmptyColumns: event.currentTarget.checked })
        }
      />
      <Group gap="sm" align="flex-end">
        <TextInput
          w={240}
          label="A switch or checkbox that is on reads"
          defaultValue={preferences.yes}
          maxLength={40}
          onBlur={(event) => word('yes', 'Yes')(event.currentTarget.value)}
        />
        <TextInput
          w={240}
          label="and one that is off"
          defaultValue={preferences.no}
          maxLength={40}
          onBlur={(event) => word('no', 'No')(event.currentTarget.value)}
        />
      </Group>
    </Stack>
  );
}
