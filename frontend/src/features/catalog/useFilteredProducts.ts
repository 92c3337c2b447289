import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCategories } from './categories.ts';
import { type ProductFilters, filtersFrom, searchOf } from './filters.ts';
import type { CardLayout } from './ProductCard.tsx';
import { useProductList } from './useProductList.ts';

/**
 * A product list searched, filtered and sorted by the query of the page at `path` (the
 * catalogue, a storefront): `list` kept live, and `controls`, what the Toolbar takes (the
 * filters, changed by replacing the query; the categories; grid or list). `seller` keeps
 * the list to one seller's products.
 */
export function useFilteredProducts(path: string, seller?: string) {
  const [, navigate] = useLocation();
  const asked = filtersFrom(useSearch());
  const filters: ProductFilters = seller ? { ...asked, seller } : asked;
  const [layout, setLayout] = useState<CardLayout>('grid');
  const { data: categories } = useCategories();
  const list = useProductList(filters);
  const controls = {
    categories: categories?.items ?? null,
    filters,
    onFilters: (next: ProductFilters) => navigate(`${path}${searchOf(next)}`, { replace: true }),
    layout,
    onLayout: setLayout,
  };
  return { list, controls };
}
