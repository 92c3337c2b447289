import type { Data, server } from '../../api/client.ts';

export type ThreadList = Data<typeof server.threads.$get>;
export type ThreadView = Data<(typeof server.threads)[':id']['$get']>;
export type ThreadMessage = ThreadView['messages'][number];
