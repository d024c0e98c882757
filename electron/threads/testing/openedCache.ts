import { type OpenCache } from '../protocol';

/** A workspace's cache as the core announces it: `file`, opened for the `generation`th time. */
export function openedCache(file: string, generation: number): OpenCache {
  return {
    workspace: {
      id: 'w1',
      name: 'Team',
      kind: 'remote',
      baseUrl: 'https://api.example.com',
      keyStorage: 'secure',
      keyAvailable: true,
      createdAt: '2026-11-01T00:00:00.000Z',
    },
    file,
    generation,
  };
}
