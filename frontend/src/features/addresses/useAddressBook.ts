import { useLingui } from '@lingui/react/macro';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';

/** The signed-in user's saved addresses (GET /addresses). */
export function useAddressBook() {
  const { t } = useLingui();
  return useApiGet((options) => server.addresses.$get({}, options), [], t`Failed to load your addresses`);
}
