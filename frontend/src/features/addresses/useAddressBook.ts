import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';

/** The signed-in user's saved addresses (GET /addresses). */
export const useAddressBook = () =>
  useApiGet((options) => server.addresses.$get({}, options), [], 'Failed to load your addresses');
