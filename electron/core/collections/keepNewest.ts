/**
 * Sets `key` to `value` as the newest entry of `map`, then drops the oldest entries past `most`
 * (a Map iterates in insertion order, so the first is the oldest): the entries dropped.
 */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, most: number): [K, V][] {
  map.delete(key);
  map.set(key, value);
  const dropped: [K, V][] = [];
  for (const entry of map) {
    if (map.size <= most) break;
    map.delete(entry[0]);
    dropped.push(entry);
  }
  return dropped;
}
