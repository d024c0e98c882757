/**
 * A point as people read it on a map: "51.5074° N, 0.1278° W". Four decimals place it within a
 * few metres, more than a respondent's device can tell.
 */
export function formatCoordinates(latitude: number, longitude: number, locale?: string): string {
  const degrees = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  });
  // A point on the equator or the meridian reads without a direction flipped by rounding.
  const part = (value: number, positive: string, negative: string) => {
    const shown = degrees.format(Math.abs(value));
    return Number(Math.abs(value).toFixed(4)) === 0
      ? `${shown}°`
      : `${shown}° ${value > 0 ? positive : negative}`;
  };
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}
