export const categoryStream = (categoryId: string): string => `category-${categoryId}`;

interface PolicyStamp {
  categoryId: string;
  /** Why the admin changed it, kept with the change. */
  reason: string;
  by: string;
  at: string;
}

/** A category is created once (expected revision 'no_stream'), so its id is unique. Admins then set its policies. */
export type CategoryEvent =
  | { type: 'CategoryCreated'; data: { categoryId: string; name: string; description: string; createdAt: string } }
  /** The marketplace's commission on the category's sales, in basis points; null goes back to the configured default. */
  | { type: 'CategoryCommissionSet'; data: PolicyStamp & { rateBps: number | null } }
  | { type: 'CategoryReturnsSet'; data: PolicyStamp & { returnable: boolean } };
