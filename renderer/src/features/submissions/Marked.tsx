import { Highlight, Text } from '@mantine/core';
import { type CSSProperties } from 'react';
import { snippetAround } from './searchHit';

const ONE_LINE: CSSProperties = {
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  display: 'block',
  minWidth: 0,
};
const WRAPPED: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' };

/**
 * Text with the current search term marked, so a match is seen where it is. `oneLine` (table
 * cells) starts a little before the match, so the ellipsis never cuts the mark away, and shows the
 * whole on hover; otherwise line breaks are kept.
 */
export function Marked({
  text,
  search,
  oneLine = false,
}: {
  text: string;
  search: string;
  oneLine?: boolean;
}) {
  const style = oneLine ? ONE_LINE : WRAPPED;
  const title = oneLine ? text : undefined;
  if (!search.trim()) {
    return (
      <Text span size="sm" style={style} title={title}>
        {text}
      </Text>
    );
  }
  return (
    <Highlight component="span" size="sm" highlight={search.trim()} style={style} title={title}>
      {oneLine ? snippetAround(text, search) : text}
    </Highlight>
  );
}
