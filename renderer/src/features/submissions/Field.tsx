import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled line of the detail drawer: a small label, then the value. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="baseline">
      <Text span size="xs" c="dimmed" w={96} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        {typeof children === 'string' ? (
          <Text span size="sm">
            {children}
          </Text>
        ) : (
          children
        )}
      </Group>
    </Group>
  );
}
