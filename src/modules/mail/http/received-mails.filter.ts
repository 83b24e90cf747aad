import type { ReceivedMailStatus } from '../../../contract/received-mails.js';
import { DAY_MS } from '../../../shared/clock.js';

type ParsedFilters = { q?: string | undefined; status?: ReceivedMailStatus[] | undefined; from?: Date | undefined; to?: Date | undefined };

/** The repository's filter of a parsed query (docs/api.md § Received mail): `to` is inclusive, so up to the next day. */
export function filterOf(query: ParsedFilters) {
  return {
    ...(query.q ? { text: query.q } : {}),
    ...(query.status?.length ? { statuses: query.status } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { before: new Date(query.to.getTime() + DAY_MS) } : {}),
  };
}
