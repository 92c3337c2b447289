import { useCategoryNames } from '../../catalog/index.ts';
import { FeatureProducts } from './FeatureProducts.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';
import { RevisionQueue } from './RevisionQueue.tsx';

/** The Products tab: the review queues (new products, then changes to products on sale), then the catalog to feature from. */
export function ProductsTab() {
  const names = useCategoryNames();
  return (
    <div className="space-y-12">
      <ReviewQueue categoryName={names.category} />
      <RevisionQueue categoryName={names.category} />
      <FeatureProducts />
    </div>
  );
}
