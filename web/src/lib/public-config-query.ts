// The public configuration through the app's query cache: loaded once per page load and shared by every
// screen that shows it (the standalone landing page loads it without the cache: features/landing/api).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig } from './public-config';
import { publicConfigKeys } from './query-keys';

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: publicConfigKeys.all,
    queryFn: ({ signal }) => getPublicConfig(signal),
    // Fixed for the page load: an operator's change shows on the next one.
    staleTime: Infinity,
    meta: { errorMessage: 'Could not load the public configuration.' },
  });

/** The configuration for a component; a failure is logged, and the screen shows what it can without it. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
