import { type CSSProperties } from 'react';

/** Fixed heights: the virtualizer places rows by arithmetic and never measures the page. */
export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 40;
/** The pinned cell beside the selection boxes where a row's delete button is drawn. */
export const ACTIONS_WIDTH = 44;

export const cellStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  padding: '0 10px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  flexShrink: 0,
};

/**
 * A cell whose content is plain text: the cell itself holds it and cuts it with an ellipsis
 * (the whole text is its title), so it costs one element.
 */
export const textCellStyle: CSSProperties = {
  ...cellStyle,
  display: 'block',
  lineHeight: `${ROW_HEIGHT - 1}px`,
  textOverflow: 'ellipsis',
  fontSize: 'var(--mantine-font-size-sm)',
};
