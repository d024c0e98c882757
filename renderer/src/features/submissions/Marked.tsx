import { Highlight, Text } from '@mantine/core';

/** Text with the current search term marked, so a match is seen where it is. */
export function Marked({ text, search, multiline = false }: { text: string; search: string; multiline?: boolean }) {
  const style = multiline ? { whiteSpace: 'pre-wrap' as const } : undefined;
  if (!search.trim()) {
    return (
      <Text span size="sm" style={style}>
        {text}
      </Text>
    );
  }
  return (
    <Highlight component="span" size="sm" highlight={search.trim()} style={style}>
      {text}
    </Highlight>
  );
}
