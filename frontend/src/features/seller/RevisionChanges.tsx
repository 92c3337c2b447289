import type { ProductContent } from '../../../../domain/product/events.ts';
import { detailChanges } from '../../../../domain/product/history.ts';
import { CONTENT_FIELDS } from '../../../../domain/product/revision.ts';
import { ProductImage } from '../../components/ProductImage.tsx';

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
      ...change,
    })),
  );
  return (
    <table className="table table-sm mt-2 table-fixed">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="w-28">
            Field
          </th>
          <th scope="col">{labels.before}</th>
          <th scope="col">{labels.after}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, field, before, after }) => (
          <tr key={key}>
            <th scope="row" className="font-medium">
              {field}
            </th>
            <td className="break-words whitespace-pre-line text-base-content/80">
              <Shown field={key} text={before} images={revision.before.images} />
            </td>
            <td className="break-words whitespace-pre-line">
              <Shown field={key} text={after} images={revision.after.images} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
