import { Badge, Button, Group, Highlight, ScrollArea, Stack, Text } from '@mantine/core';
import { type CSSProperties, useState } from 'react';
import { CopyButton } from './CopyButton';
import {
  LINE_CHARACTERS,
  revealHidden,
  SHOWN_CHARACTERS,
  shownText,
  tooltipOf,
} from './respondentText';

const ONE_LINE: CSSProperties = {
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  display: 'block',
  minWidth: 0,
};
// Breaking anywhere inside a word of thousands of letters is what the cut keeps small.
const WRAPPED: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' };
// Each piece of the whole text is its own block, so no line breaker ever sees all of it at once,
// and pieces scrolled out of view are not laid out at all.
const PIECE: CSSProperties = {
  display: 'block',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 60em',
};

const count = new Intl.NumberFormat();

/** Text a respondent typed, isolated from the app's text around it and marked where searched. */
function Isolated({
  text,
  highlight,
  style,
  title,
}: {
  text: string;
  highlight: string;
  style: CSSProperties;
  title?: string;
}) {
  const term = highlight.trim();
  return term ? (
    <Highlight component="bdi" dir="auto" size="sm" highlight={term} style={style} title={title}>
      {text}
    </Highlight>
  ) : (
    <Text component="bdi" dir="auto" size="sm" style={style} title={title}>
      {text}
    </Text>
  );
}

/**
 * One piece of respondent text. Hidden and reordering characters are written out and flagged;
 * `oneLine` (a table cell) holds a line's worth with a capped tooltip; otherwise the first few
 * thousand characters are drawn, with "Show all" and "Copy" for the rest.
 */
export function RespondentText({
  text,
  highlight = '',
  oneLine = false,
}: {
  text: string;
  highlight?: string;
  oneLine?: boolean;
}) {
  // Which text was asked for whole: the next submission's answer in the same place starts cut.
  const [wholeText, setWholeText] = useState<string | null>(null);
  const whole = wholeText === text;
  const shown = shownText(text, oneLine ? LINE_CHARACTERS : SHOWN_CHARACTERS);
  if (oneLine) {
    return (
      <Isolated text={shown.text} highlight={highlight} style={ONE_LINE} title={tooltipOf(text)} />
    );
  }
  const flag = shown.revealed && (
    <Badge
      size="xs"
      variant="light"
      color="orange"
      tt="none"
      title="The answer holds characters that reorder or hide text; each is shown as its code, ⟨U+…⟩."
    >
      hidden characters shown
    </Badge>
  );
  if (shown.hidden === 0)
    return (
      <Group gap={6} wrap="wrap" align="baseline" data-respondent-text="whole">
        <Isolated text={shown.text} highlight={highlight} style={WRAPPED} />
        {flag}
      </Group>
    );
  return (
    <Stack gap={4} align="flex-start" data-respondent-text={whole ? 'whole' : 'cut'}>
      {whole ? (
        <ScrollArea.Autosize mah="60vh" w="100%">
          <bdi dir="auto">
            {piecesOf(revealHidden(text)).map((piece, i) => (
              <span key={i} style={PIECE}>
                {piece}
              </span>
            ))}
          </bdi>
        </ScrollArea.Autosize>
      ) : (
        <Isolated text={`${shown.text}…`} highlight={highlight} style={WRAPPED} />
      )}
      <Group gap={6} align="center">
        {flag}
        <Text span size="xs" c="dimmed">
          {count.format(text.length)} characters
          {whole ? '' : `, ${count.format(shown.hidden)} not shown`}
        </Text>
        {!whole && (
          <Button size="compact-xs" variant="subtle" onClick={() => setWholeText(text)}>
            Show all
          </Button>
        )}
        <CopyButton value={text} label="Copy the whole answer" />
      </Group>
    </Stack>
  );
}

function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += SHOWN_CHARACTERS)
    pieces.push(text.slice(at, at + SHOWN_CHARACTERS));
  return pieces;
}
