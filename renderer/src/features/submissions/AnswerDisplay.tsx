import {
  Anchor,
  Badge,
  Code,
  ColorSwatch,
  Group,
  Image,
  List,
  Rating,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { ExternalLink } from '../../components/ExternalLink';
import { safeExternalUrl } from '../../components/externalUrl';
import { type Answer, type FileRef } from './answerModel';
import { formatAnswerDate } from './dateFormat';
import { Marked } from './Marked';

/**
 * One answer for people. `compact` fits a table cell on one line (badges, counts, one-line
 * address); the full form is for the detail drawer (lists, tables, links, images).
 */
export function AnswerDisplay({
  answer,
  compact = false,
  search = '',
}: {
  answer: Answer;
  compact?: boolean;
  search?: string;
}) {
  switch (answer.kind) {
    case 'empty':
      return (
        <Text span c="dimmed" size="sm">
          —
        </Text>
      );
    case 'secret':
      return (
        <Text span c="dimmed" size="sm" title="Hidden: password answers are never shown">
          ••••••
        </Text>
      );
    case 'text':
      return <Marked text={answer.text} search={search} oneLine={compact} />;
    case 'number':
      return <Marked text={answer.value.toLocaleString()} search={search} oneLine={compact} />;
    case 'boolean':
      return (
        <Badge size="sm" variant="light" color={answer.value ? 'teal' : 'gray'}>
          {answer.value ? 'Yes' : 'No'}
        </Badge>
      );
    case 'choices':
      return (
        <Group gap={4} wrap={compact ? 'nowrap' : 'wrap'}>
          {answer.items.map((item, i) => (
            <Badge key={`${item}-${i}`} size="sm" variant="light" radius="sm" tt="none">
              {item}
            </Badge>
          ))}
        </Group>
      );
    case 'ranking':
      return compact ? (
        <Marked
          text={answer.items.map((item, i) => `${i + 1}. ${item}`).join('  ')}
          search={search}
          oneLine
        />
      ) : (
        <List type="ordered" size="sm">
          {answer.items.map((item, i) => (
            <List.Item key={`${item}-${i}`}>{item}</List.Item>
          ))}
        </List>
      );
    case 'address':
      return compact || answer.parts.length === 0 ? (
        <Marked text={answer.line} search={search} oneLine={compact} />
      ) : (
        <Stack gap={0}>
          {answer.parts.map(([label, value]) => (
            <Text size="sm" key={label}>
              <Text span c="dimmed" size="xs" mr={6}>
                {label}
              </Text>
              {value}
            </Text>
          ))}
        </Stack>
      );
    case 'date':
      return (
        <Text span size="sm">
          {formatAnswerDate(answer.iso, answer.withTime)}
        </Text>
      );
    case 'time':
      return (
        <Text span size="sm">
          {answer.text}
        </Text>
      );
    case 'dateRange':
      return (
        <Text span size="sm">
          {answer.start ? formatAnswerDate(answer.start, answer.start.includes('T')) : '…'} –{' '}
          {answer.end ? formatAnswerDate(answer.end, answer.end.includes('T')) : '…'}
        </Text>
      );
    case 'matrix':
      return compact ? (
        <Marked
          text={answer.rows.map((r) => `${r.row}: ${r.values.join(', ')}`).join(' · ')}
          search={search}
          oneLine
        />
      ) : (
        <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4}>
          <Table.Tbody>
            {answer.rows.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Th w="40%">{r.row}</Table.Th>
                <Table.Td>{r.values.join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    case 'files':
      return compact ? (
        <Group gap={4} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden />
          <Text span size="sm">
            {answer.signature
              ? 'Signed'
              : answer.files.length === 1
                ? answer.files[0]?.name
                : `${answer.files.length} files`}
          </Text>
        </Group>
      ) : (
        <Stack gap={4}>
          {answer.files.map((file, i) => (
            <FileLink key={`${file.name}-${i}`} file={file} signature={answer.signature} />
          ))}
        </Stack>
      );
    case 'rating':
      // Cells draw plain star glyphs: a Rating widget per row costs inputs the table cannot afford.
      if (compact) {
        const full = Math.round(answer.value);
        return (
          <Text
            span
            size="sm"
            c="yellow.6"
            aria-label={`${answer.value} of ${answer.max} stars`}
            style={{ letterSpacing: 1 }}
          >
            {'★'.repeat(full)}
            <Text span inherit c="dimmed">
              {'★'.repeat(Math.max(0, answer.max - full))}
            </Text>
          </Text>
        );
      }
      return (
        <Group gap={6} wrap="nowrap">
          <Rating
            value={answer.value}
            count={answer.max}
            readOnly
            size="xs"
            aria-label={`${answer.value} of ${answer.max} stars`}
          />
          <Text span size="sm" c="dimmed">
            {answer.value}/{answer.max}
          </Text>
        </Group>
      );
    case 'color':
      return (
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={answer.hex} size={14} />
          <Text span size="sm" ff="monospace">
            {answer.hex}
          </Text>
        </Group>
      );
    case 'coordinates':
      return (
        <Text span size="sm" ff="monospace">
          {answer.latitude.toFixed(5)}, {answer.longitude.toFixed(5)}
        </Text>
      );
    case 'link':
      return compact ? (
        <Marked text={answer.url} search={search} oneLine />
      ) : (
        <ExternalLink href={answer.url} />
      );
    case 'email':
      return compact ? (
        <Marked text={answer.email} search={search} oneLine={compact} />
      ) : (
        <Anchor href={`mailto:${answer.email}`} size="sm">
          {answer.email}
        </Anchor>
      );
    case 'json':
      return compact ? (
        <Code fz="xs" title={answer.pretty}>
          {answer.compact}
        </Code>
      ) : (
        <Code block fz="xs">
          {answer.pretty}
        </Code>
      );
  }
}

/**
 * A file answer: a link when its URL is https. Signatures that arrive as data URLs are drawn
 * (the page may show `data:` images); remote images stay links, as the page loads nothing remote.
 */
function FileLink({ file, signature }: { file: FileRef; signature: boolean }) {
  if (signature && file.url?.startsWith('data:image/')) {
    return <Image src={file.url} alt="Signature" maw={280} fit="contain" bg="white" radius="sm" />;
  }
  if (file.url && safeExternalUrl(file.url)) {
    return (
      <ExternalLink href={file.url}>
        {signature ? `Signature (${file.name})` : file.name}
      </ExternalLink>
    );
  }
  return <Text size="sm">{file.name}</Text>;
}
