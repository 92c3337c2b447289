import { useCategoryNames } from '../../catalog/index.ts';
import { FeatureProducts } from './FeatureProducts.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';

/** The Products tab: the review queue, then the catalog to feature from. */
export function ProductsTab() {
  const names = useCategoryNames();
  return (
    <div className="space-y-12">
      <ReviewQueue categoryName={names.category} />
      <FeatureProducts />
    </div>
  );
}
