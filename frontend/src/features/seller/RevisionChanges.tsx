import type { ProductContent } from '../../../../domain/product/events.ts';
import { detailChanges } from '../../../../domain/product/history.ts';
import { CONTENT_FIELDS } from '../../../../domain/product/revision.ts';
import { ProductImage } from '../../components/ProductImage.tsx';
import { ChangesTable } from './ChangesTable.tsx';

/** Content changes as a revision holds them: the approved values and the proposed ones. */
export interface ContentChanges {
  before: Partial<ProductContent>;
  after: Partial<ProductContent>;
}

interface RevisionChangesProps {
  revision: ContentChanges;
  categoryName: (categoryId: string) => string;
  caption: string;
  /** Column headings: 'On sale now' / 'Proposed' for the review, 'Approved' / 'Your change' for the seller. */
  labels: { before: string; after: string };
}

/** Images are reviewed by looking at them: the pictures are shown, in their order, with the count. */
function Shown({ field, text, images }: { field: string; text: string; images: ProductContent['images'] | undefined }) {
  if (field !== 'images') return <>{text}</>;
  return (
    <span className="flex flex-col gap-1">
      {images && images.length > 0 && (
        <span className="flex flex-wrap gap-1">
          {images.map((image, index) => (
            <ProductImage
              key={image.id}
              src={image}
              alt={`Picture ${index + 1}`}
              sizes="48px"
              className="w-12 rounded-box"
            />
          ))}
        </span>
      )}
      <span className="text-xs">{text}</span>
    </span>
  );
}

/** The fields a revision changes, each with its approved value and the proposed one, in the order of the form. */
export function RevisionChanges({ revision, categoryName, caption, labels }: RevisionChangesProps) {
  const names = { category: categoryName };
  const rows = CONTENT_FIELDS.flatMap((key) =>
    detailChanges({ [key]: revision.before[key] }, { [key]: revision.after[key] }, names).map((change) => ({
      key,
      field: change.field,
      before: <Shown field={key} text={change.before} images={revision.before.images} />,
      after: <Shown field={key} text={change.after} images={revision.after.images} />,
    })),
  );
  return <ChangesTable rows={rows} caption={caption} labels={labels} fieldWidth="w-28" />;
}
