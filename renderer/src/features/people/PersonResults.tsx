import { Badge, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { type PersonSearchResult } from '../../../../electron/shared/contract/people';
import { formatDateTime } from '../../../../electron/shared/answers/dateFormat';
import { shownLine } from '../../components/respondentText';
import { type OpenedSubmission } from './PersonSubmissionDrawer';

/** What was found, form by form: when, and the question the text was in; a row opens it. */
export function PersonResults({
  result,
  reading,
  onOpen,
}: {
  result: PersonSearchResult;
  /** The result is the whole list's first page, and the rest is being read. */
  reading: boolean;
  onOpen(opened: OpenedSubmission): void;
}) {
  return (
    <Stack gap="md" data-state={reading ? 'reading' : 'found'} aria-busy={reading}>
      {/* One line either way, so the rows under it stay put when the whole list replaces a page. */}
      <Text size="sm" c="dimmed" role="status" aria-label="People found" truncate="end">
        {reading
          ? `Showing ${result.total.toLocaleString()} of ${result.whole.total.toLocaleString()} submissions: reading the rest…`
          : `${result.total.toLocaleString()} submission${result.total === 1 ? '' : 's'} on ${result.groups.length} form${result.groups.length === 1 ? '' : 's'}`}
      </Text>
      {result.groups.map((group) => (
        <Card
          key={group.formId}
          withBorder
          padding="sm"
          component="section"
          aria-label={group.formName}
        >
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{group.formName}</Text>
            <Badge variant="light">{group.matches.length}</Badge>
          </Group>
          <Table highlightOnHover verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Submitted</Table.Th>
                <Table.Th>Found in</Table.Th>
                <Table.Th>Submission</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.matches.map((match) => (
                <Table.Tr key={match.submissionId}>
                  <Table.Td>
                    <UnstyledButton
                      onClick={() =>
                        onOpen({ formId: group.formId, formName: group.formName, match })
                      }
                      aria-label={`Open the submission of ${formatDateTime(match.submissionTime)} on ${group.formName}`}
                    >
                      <Text size="sm" td="underline">
                        {formatDateTime(match.submissionTime)}
                      </Text>
                    </UnstyledButton>
                    {match.status === 'in_progress' && (
                      <Badge size="xs" variant="outline" ml={6}>
                        in progress
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {match.foundIn.map((place) => (
                      <Text key={place.key} size="sm" truncate maw={420}>
                        <Text span size="sm" c="dimmed">
                          {place.label}:
                        </Text>{' '}
                        <bdi>{shownLine(place.value)}</bdi>
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {match.submissionId}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
    </Stack>
  );
}
