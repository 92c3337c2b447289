/** Reads of the payments read model. */
import { type Page, type Paging, findPage } from '../../platform/readstore/paging.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { PaymentDoc } from './documents.ts';
import { PAYMENTS } from './projection.ts';

/** A page of the payments, newest purchase first, of one status when given. */
export const paymentsPage = (
  read: ReadStore,
  status: PaymentDoc['status'] | undefined,
  paging: Paging,
): Promise<Page<PaymentDoc>> =>
  findPage(
    read.collection<PaymentDoc>(PAYMENTS),
    { where: status ? { status } : {}, sort: [['placedAt', 'desc']] },
    paging,
  );
