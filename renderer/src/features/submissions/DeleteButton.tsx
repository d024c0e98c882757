import { Button, Tooltip, type MantineSize } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { useDeleteBlocked } from '../../app/connection';

/**
 * A delete that needs the service: while it cannot be asked, the button stays in place, disabled,
 * and its tooltip says why. Disabled by aria, not the attribute, so the pointer still finds it.
 */
export function DeleteButton({
  size,
  disabled = false,
  onClick,
  children,
}: {
  size: MantineSize | 'compact-sm';
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  const blocked = useDeleteBlocked();
  return (
    <Tooltip label={blocked} disabled={!blocked} withArrow>
      <Button
        color="red"
        variant="light"
        size={size}
        leftSection={<IconTrash size={14} />}
        disabled={disabled}
        data-disabled={blocked ? true : undefined}
        aria-disabled={blocked ? true : undefined}
        onClick={() => {
          if (!blocked) onClick();
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
