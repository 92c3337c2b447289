export const categoryStream = (categoryId: string): string => `category-${categoryId}`;

/** A category is created once (expected revision 'no_stream'), so its id is unique. */
export type CategoryEvent = {
  type: 'CategoryCreated';
  data: { categoryId: string; name: string; description: string; createdAt: string };
};
