import { type CacheDb, type OpenCacheOptions, openCacheFile } from '../cache/openCache';
import { type Migration } from '../cache/migrate';
import { migrations as registry } from './schema';

/**
 * Opens (creating if needed) a workspace file with the schema of the cache and of every feature
 * that keeps tables in it; `migrations` only for tests of the registry itself.
 */
export function openCache(
  file: string,
  {
    migrations = registry,
    ...options
  }: OpenCacheOptions & { migrations?: readonly Migration[] } = {},
): CacheDb {
  return openCacheFile(file, migrations, options);
}
