import { UnstyledButton } from '@mantine/core';
import { BarsList } from '@mantine/charts';
import { shownLine, tooltipOf } from '../../components/respondentText';

export interface SummaryBar {
  name: string;
  value: number;
  /** What a click on the bar does; a bar without it is not clickable (an "other" bar). */
  onPick?: () => void;
  /** Says what the click shows, for screen readers and the tooltip. */
  pickLabel?: string;
}

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
  return (
    <BarsList
      aria-label={label}
      data={[...byName].map(([name, { value }]) => ({ name, value }))}
      valueFormatter={format}
      barColor={color}
      barHeight={28}
      barGap={4}
      minBarSize={4}
      styles={{
        // A bar's length is its share of the room beside the figures: in Mantine's flex row the
        // figures squeeze the longest bars alike, so 84 and 104 looked the same length.
        bar: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto' },
        barLabel: { whiteSpace: 'nowrap', overflow: 'visible' },
        barValue: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      }}
      renderBar={(item, bar) => {
        const known = byName.get(item.name);
        if (!known?.onPick) return bar;
        return (
          <UnstyledButton
            w="100%"
            onClick={known.onPick}
            aria-label={known.pickLabel && shownLine(known.pickLabel)}
            title={known.pickLabel && tooltipOf(known.pickLabel)}
            data-summary-bar={shownLine(known.name)}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            {bar}
          </UnstyledButton>
        );
      }}
    />
  );
}
