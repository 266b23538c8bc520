import { QUERY_PARAMS } from '@crm/domain';

/** `?noframe` (any value but 'false') shows the page without the side menu, for embedding. */
export function isNoFrame(params: URLSearchParams): boolean {
  return params.has(QUERY_PARAMS.NO_FRAME) && params.get(QUERY_PARAMS.NO_FRAME) !== 'false';
}
