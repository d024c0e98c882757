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
import { IconAlertTriangle, IconPaperclip } from '@tabler/icons-react';
import { type CSSProperties } from 'react';
import { ExternalLink } from '../../components/ExternalLink';
import { MailLink } from '../../components/MailLink';
import { RespondentText } from '../../components/RespondentText';
import { safeExternalUrl } from '../../components/externalUrl';
import { shownLine, tooltipOf } from '../../components/respondentText';
import {
  answerLine,
  type Answer,
  type FileRef,
} from '../../../../electron/shared/answers/answerModel';
import { formatCoordinates } from '../../../../electron/shared/answers/coordinates';
import { Marked } from './Marked';
import { drawableImage } from './drawableImage';

/** How many items of one answer (choices, places, rows, files) are drawn; the rest are counted. */
const SHOWN_ITEMS = 100;

function firstItems<T>(items: T[]): { items: T[]; more: number } {
  return { items: items.slice(0, SHOWN_ITEMS), more: Math.max(0, items.length - SHOWN_ITEMS) };
}

function More({ count }: { count: number }) {
  return count > 0 ? (
    <Text span size="xs" c="dimmed">
      and {count.toLocaleString()} more
    </Text>
  ) : null;
}

/** One item a respondent chose or typed, on one line, isolated from what surrounds it. */
function Item({ text, search = '' }: { text: string; search?: string }) {
  const line = shownLine(text);
  return (
    <bdi dir="auto" title={line === text ? undefined : tooltipOf(text)}>
      {search.trim() ? (
        <Highlight component="span" inherit highlight={search.trim()}>
          {line}
        </Highlight>
      ) : (
        line
      )}
    </bdi>
  );
}

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
      const { items, more } = firstItems(answer.items);
      const badges = items.map((item, i) => (
        <Badge key={i} size="sm" variant="light" radius="sm" tt="none">
          <Item text={item} search={search} />
        </Badge>
      ));
      // A table cell lays out its content in a row itself: no wrapper element per cell.
      return compact ? (
        <>
          {badges}
          <More count={more} />
        </>
      ) : (
        <Group gap={4} wrap="wrap">
          {badges}
          <More count={more} />
        </Group>
      );
    }
    case 'ranking': {
      const { items, more } = firstItems(answer.items);
      return (
        <>
          <List type="ordered" size="sm">
            {items.map((item, i) => (
              <List.Item key={i}>
                <Item text={item} />
              </List.Item>
            ))}
          </List>
          <More count={more} />
        </>
      );
    }
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
              <Item text={value} />
            </Text>
          ))}
        </Stack>
      );
    case 'date':
    case 'time':
    case 'dateRange':
      return (
        <Text span size="sm">
          <Item text={answerLine(answer) ?? ''} />
        </Text>
      );
    case 'matrix': {
      const { items, more } = firstItems(answer.rows);
      return (
        <>
          <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4}>
            <Table.Tbody>
              {items.map((r, i) => (
                <Table.Tr key={i}>
                  <Table.Th w="40%">
                    <Item text={r.row} />
                  </Table.Th>
                  <Table.Td>
                    <Item text={r.values.join(', ') || '—'} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <More count={more} />
        </>
      );
    }
    case 'files': {
      if (compact) {
        return (
          <>
            <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text span size="sm" truncate>
              {answer.signature ? (
                'Signed'
              ) : answer.files.length === 1 ? (
                <Item text={answer.files[0]?.name ?? ''} />
              ) : (
                `${answer.files.length} files`
              )}
            </Text>
          </>
        );
      }
      const { items, more } = firstItems(answer.files);
      return (
        <Stack gap={4}>
          {items.map((file, i) => (
            <FileLink key={i} file={file} signature={answer.signature} />
          ))}
          <More count={more} />
        </Stack>
      );
    }
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
        <Text span size="sm" title={`${answer.latitude}, ${answer.longitude}`}>
          {answer.place ? (
            <>
              <Item text={answer.place} />
              <Text span c="dimmed" inherit>
                {' · '}
                {formatCoordinates(answer.latitude, answer.longitude)}
              </Text>
            </>
          ) : (
            formatCoordinates(answer.latitude, answer.longitude)
          )}
        </Text>
      );
    case 'link':
      return <ExternalLink href={answer.url} />;
    case 'email':
      return <MailLink email={answer.email} />;
    case 'json':
      return compact ? (
        <Code fz="xs" title={tooltipOf(answer.pretty)}>
          {shownLine(answer.compact)}
        </Code>
      ) : (
        <Code block fz="xs">
          <RespondentText text={answer.pretty} />
        </Code>
      );
    case 'outOfRange':
      return (
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }} data-answer="out-of-range">
          <Badge
            size="sm"
            variant="light"
            color="orange"
            tt="none"
            leftSection={<IconAlertTriangle size={12} aria-hidden />}
            title={`Out of range: this question takes ${answer.expected}. The value is shown as it came.`}
            style={{ flexShrink: 0 }}
          >
            out of range
          </Badge>
          <RespondentText text={answer.raw} oneLine={compact} />
        </Group>
      );
  }
}

/**
 * A file answer: a link when its URL is https, beside the name the respondent gave it. Signatures
 * that arrive as PNG, JPEG or WebP data are drawn in a plain frame; any other data (SVG can draw
 * text and badges that pass for the app's own) is named, never drawn. Remote images stay links,
 * as the page loads nothing remote.
 */
function FileLink({ file, signature }: { file: FileRef; signature: boolean }) {
  const image = signature && file.url ? drawableImage(file.url) : null;
  if (image?.drawable) {
    return (
      <Stack gap={2} align="flex-start">
        <Image
          src={image.src}
          alt="Signature drawn by the respondent"
          w={280}
          h={120}
          fit="contain"
          bg="white"
          p={6}
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-default-border)' }}
        />
        <Text size="xs" c="dimmed">
          Signature drawn by the respondent
        </Text>
      </Stack>
    );
  }
  if (image) {
    return (
      <Text size="sm" c="dimmed">
        Signature sent as {image.type || 'unnamed data'}: not drawn, only PNG, JPEG and WebP are.
      </Text>
    );
  }
  if (file.url && safeExternalUrl(file.url)) {
    return (
      <ExternalLink href={file.url}>
        {signature ? 'Signature' : <Item text={file.name} />}
      </ExternalLink>
    );
  }
  return (
    <Text size="sm">
      <Item text={file.name} />
    </Text>
  );
}
