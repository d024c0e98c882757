/**
 * A value as the service will get it (JSON), written as people read it: text without its quotes,
 * a list as its items, yes or no, an object's fields by name. What does not parse stays as it is.
 */
export function readableSent(sent: string): string {
  let value: unknown;
  try {
    value = JSON.parse(sent);
  } catch {
    return sent;
  }
  return readable(value);
}

function readable(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(readable).join(', ');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${readable(inner)}`)
      .join('; ');
  return String(value);
}
