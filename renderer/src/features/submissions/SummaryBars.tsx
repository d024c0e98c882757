import { Box, Text, UnstyledButton } from '@mantine/core';
import { shownLine, tooltipOf } from '../../components/respondentText';

export interface SummaryBar {
  name: string;
  value: number;
  /** What a click on the bar does; a bar without it is not clickable (an "other" bar). */
  onPick?: () => void;
  /** Says what the click shows, for screen readers and the tooltip. */
  pickLabel?: string;
}

/** The smallest bar drawn for a count above zero, so it is seen. */
const MIN_BAR_PX = 4;

/**
 * Horizontal bars, one per answer, each a button that narrows the view to the submissions that
 * gave it. A row of text and a bar reads well at any count of answers, in light and dark alike.
 */
export function SummaryBars({
  bars,
  format,
  color = 'blue',
  label,
}: {
  bars: SummaryBar[];
  format: (value: number) => string;
  color?: string;
  /** Names the list for screen readers: the question. */
  label: string;
}) {
  // Bars are named by answers: each label is drawn revealed and cut to a line.
  const byName = new Map(bars.map((bar) => [shownLine(bar.name), bar]));
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <Box role="list" aria-label={label} style={{ display: 'grid', gap: 4 }}>
      {[...byName].map(([name, bar]) => {
        const share = largest > 0 ? (bar.value / largest) * 100 : 0;
        // The bar's length is its share of the room beside the figure; a long answer is cut
        // before the figure rather than drawn over it.
        const drawn = (
          <Box
            style={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) auto',
              alignItems: 'center',
              gap: 'var(--mantine-spacing-xs)',
              height: 28,
            }}
          >
            <Box
              style={{
                position: 'relative',
                height: '100%',
                display: 'flex',
                alignItems: 'center',
              }}
            >
              <Box
                data-bar-fill
                style={{
                  position: 'absolute',
                  insetBlock: 0,
                  insetInlineStart: 0,
                  width: `${share}%`,
                  minWidth: bar.value > 0 ? MIN_BAR_PX : 0,
                  background: `var(--mantine-color-${color}-light)`,
                  borderRadius: 'var(--mantine-radius-sm)',
                }}
              />
              <Text
                size="sm"
                px={8}
                truncate="end"
                // A clickable bar's own tooltip names the answer whole: one tooltip, not two.
                title={bar.onPick ? undefined : tooltipOf(bar.name)}
                style={{ position: 'relative', minWidth: 0 }}
              >
                {name}
              </Text>
            </Box>
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {format(bar.value)}
            </Text>
          </Box>
        );
        return (
          <div role="listitem" key={name}>
            {bar.onPick ? (
              <UnstyledButton
                w="100%"
                onClick={bar.onPick}
                aria-label={bar.pickLabel && shownLine(bar.pickLabel)}
                title={bar.pickLabel && tooltipOf(bar.pickLabel)}
                data-summary-bar={name}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                {drawn}
              </UnstyledButton>
            ) : (
              drawn
            )}
          </div>
        );
      })}
    </Box>
  );
}
