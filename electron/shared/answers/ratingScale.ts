/**
 * The scales the service's editor starts a rating question with. Its metadata does not always
 * carry a question's range; when it does (`min`/`max`), that wins.
 */
const SCALES: Readonly<Record<string, { min: number; max: number }>> = {
  StarRating: { min: 1, max: 5 },
  OpinionScale: { min: 0, max: 10 },
};

/** The whole-number scale a rating type starts with, or null for any other type. */
export function scaleOf(type: string): { min: number; max: number } | null {
  return SCALES[type] ?? null;
}
