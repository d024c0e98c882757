import { ActionIcon, CopyButton as MantineCopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** Copies `value` to the clipboard; `label` names what is copied for screen readers and the tooltip. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <MantineCopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="sm"
            aria-label={label}
            onClick={(event) => {
              event.stopPropagation();
              copy();
            }}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </MantineCopyButton>
  );
}
