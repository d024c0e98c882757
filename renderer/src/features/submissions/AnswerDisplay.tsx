import {
  Badge,
  Code,
  ColorSwatch,
  Group,
  Highlight,
  Image,
  List,
  Rating,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { type CSSProperties } from 'react';
import { ExternalLink } from '../../components/ExternalLink';
import { MailLink } from '../../components/MailLink';
import { safeExternalUrl } from '../../components/externalUrl';
import { answerLine, type Answer, type FileRef } from './answerModel';
import { Marked } from './Marked';

const CELL_SWATCH: CSSProperties = {
  display: 'inline-block',
  width: 14,
  height: 14,
  marginRight: 6,
  verticalAlign: -2,
  borderRadius: '50%',
  boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.15)',
};

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
  const line = compact ? answerLine(answer) : null;
  if (line !== null) return <Marked text={line} search={search} oneLine />;
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
      return <Marked text={answer.text} search={search} />;
    case 'number':
      return <Marked text={answer.value.toLocaleString()} search={search} />;
    case 'boolean':
      return (
        <Badge size="sm" variant="light" color={answer.value ? 'teal' : 'gray'}>
          {answer.value ? 'Yes' : 'No'}
        </Badge>
      );
    case 'choices': {
      const badges = answer.items.map((item, i) => (
        <Badge key={`${item}-${i}`} size="sm" variant="light" radius="sm" tt="none">
          {search.trim() ? (
            <Highlight component="span" inherit highlight={search.trim()}>
              {item}
            </Highlight>
          ) : (
            item
          )}
        </Badge>
      ));
      // A table cell lays out its content in a row itself: no wrapper element per cell.
      return compact ? (
        <>{badges}</>
      ) : (
        <Group gap={4} wrap="wrap">
          {badges}
        </Group>
      );
    }
    case 'ranking':
      return (
        <List type="ordered" size="sm">
          {answer.items.map((item, i) => (
            <List.Item key={`${item}-${i}`}>{item}</List.Item>
          ))}
        </List>
      );
    case 'address':
      return answer.parts.length === 0 ? (
        <Marked text={answer.line} search={search} />
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
    case 'time':
    case 'dateRange':
      return (
        <Text span size="sm">
          {answerLine(answer)}
        </Text>
      );
    case 'matrix':
      return (
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
        <>
          <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text span size="sm" truncate>
            {answer.signature
              ? 'Signed'
              : answer.files.length === 1
                ? answer.files[0]?.name
                : `${answer.files.length} files`}
          </Text>
        </>
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
            // Read-only stars are a picture of the score: named as one, not as inputs.
            role="img"
            aria-label={`${answer.value} of ${answer.max} stars`}
          />
          <Text span size="sm" c="dimmed">
            {answer.value}/{answer.max}
          </Text>
        </Group>
      );
    case 'color':
      return compact ? (
        // One element for the swatch: a ColorSwatch per row draws several.
        <Text span size="sm" ff="monospace">
          <span style={{ ...CELL_SWATCH, background: answer.hex }} aria-hidden />
          {answer.hex}
        </Text>
      ) : (
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
      return <ExternalLink href={answer.url} />;
    case 'email':
      return <MailLink email={answer.email} />;
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
