/**
 * The value axis of a chart of counts: ticks at whole submissions, where a chart of a few would
 * otherwise be ruled in quarters (0.75 of a submission).
 */
export const COUNT_AXIS = { allowDecimals: false } as const;
