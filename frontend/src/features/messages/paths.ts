/** Where the conversation of a seller order is. */
export const threadPath = (sellerOrderId: string): string => `/messages/${encodeURIComponent(sellerOrderId)}`;
