/** What other features use of the catalog: the categories. */
export { useCategories, useCategoryNames } from './categories.ts';
