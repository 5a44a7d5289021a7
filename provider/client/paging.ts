// Lists: every page of a paged read, from the route's first page until a short page.
import { listItemsOf } from "./answers";
import { NmsError } from "./errors";
import type { Exchange, PreparedRequest } from "./exchange";
import { CLIENT_DEFAULTS } from "./settings";

/** Requests a list() may page through before it gives up (500 × 2_000 = a million objects). */
const MAX_LIST_PAGES = 2_000;

/** Every page of a list operation: size 500 from page 0 until a short page. */
export async function fetchAllPages(ex: Exchange, request: PreparedRequest): Promise<unknown[]> {
  return (await fetchPages(ex, request, MAX_LIST_PAGES, true)).items;
}

/**
 * The pages of a list operation, at most `budget` requests of them: a list longer than that answers the pages fetched
 * (readThroughList, whose reads of the objects not among them go on their own).
 */
export async function fetchSomePages(ex: Exchange, request: PreparedRequest, budget: number): Promise<unknown[]> {
  return (await fetchPages(ex, request, Math.min(budget, MAX_LIST_PAGES), false)).items;
}

async function fetchPages(
  ex: Exchange,
  request: PreparedRequest,
  budget: number,
  mustComplete: boolean,
): Promise<{ items: unknown[]; complete: boolean }> {
  const label = request.operation;
  const size = CLIENT_DEFAULTS.listPageSize;
  const items: unknown[] = [];
  let previousFingerprint: string | undefined;
  // Pages are counted as the route says: from 0 for most lists, from 1 for listGuestUsers.
  const firstPage = request.route.paging?.firstPage ?? 0;
  for (let page = 0; page < budget; page++) {
    const pageRequest: PreparedRequest = { ...request, query: { ...request.query, page: page + firstPage, size } };
    const answer = await ex.exchange(pageRequest);
    const list = listItemsOf(ex.parseJson(pageRequest, answer));
    if (!list)
      throw new NmsError(`${label}: page ${page}: the answer is not a list (an array, or an object with a data array)`);
    if (list.items.length === size) {
      // A service that ignores `page` would answer the same full page for ever.
      const fingerprint = JSON.stringify([list.items[0], list.items[size - 1]]);
      if (fingerprint === previousFingerprint)
        throw new NmsError(`${label}: page ${page} repeats page ${page - 1}; the service ignores paging`);
      previousFingerprint = fingerprint;
    }
    items.push(...list.items);
    // A page that is not full is the last (one larger than asked means `size` was ignored).
    if (list.items.length !== size) return { items, complete: true };
    if (list.total !== undefined && items.length >= list.total) return { items, complete: true };
  }
  if (!mustComplete) return { items, complete: false };
  throw new NmsError(`${label}: more than ${MAX_LIST_PAGES} pages of ${size}; giving up`);
}
