import { createApiClient } from '../../api';
import { type IncrementalPage, type ReadPage } from '../../session/pageWriter';

/** Pages `from` to `to` (exclusive) of a form's finished listing, oldest first, as sent. */
export async function finishedPages(
  server: { baseUrl: string; apiKey: string },
  formId: string,
  from: number,
  to: number,
): Promise<Uint8Array[]> {
  const api = createApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.apiKey,
    rateLimit: { limit: 1_000 },
  });
  const pages: Uint8Array[] = [];
  for (let i = from; i < to; i++)
    pages.push(
      await api.listSubmissionsJson(formId, {
        status: 'finished',
        sort: 'asc',
        limit: 150,
        offset: i * 150,
      }),
    );
  return pages;
}

/** A first pull's pages `read`, not its last, after which it stands at `offset`. */
export function pulled(formId: string, read: readonly ReadPage[], offset: number): IncrementalPage {
  return {
    formId,
    status: 'finished',
    pages: read.map((page) => page.ref),
    syncedAt: new Date().toISOString(),
    passId: 1,
    afterDate: undefined,
    offset,
    done: false,
    totalResponses: read[0]!.totalResponses,
  };
}
