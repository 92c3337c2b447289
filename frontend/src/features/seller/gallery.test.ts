import { describe, expect, it } from 'vitest';
import type { ProductImage } from '../../../../domain/product/image.ts';
import { entriesOf, imageChanges, listingImages, moved } from './gallery.ts';

const image = (id: string): ProductImage => ({ id, url: `/media/products/s/${id}/1024.webp`, sizes: [] });
const [a, b, c] = [image('a'), image('b'), image('c')];

it('moves one entry, the others keeping their order', () => {
  expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  expect(entriesOf([a, b])).toEqual([
    { key: 'a', image: a },
    { key: 'b', image: b },
  ]);
});

it('lists the ids, or else the image at the URL field', () => {
  expect(listingImages(['a', 'b'], null)).toEqual({ images: ['a', 'b'] });
  expect(listingImages([], 'https://example.com/diya.jpg')).toEqual({ imageUrl: 'https://example.com/diya.jpg' });
  expect(listingImages([], null)).toEqual({ imageUrl: null });
});

describe('imageChanges', () => {
  it('sends the ids when the order, the images or their number changed', () => {
    expect(imageChanges([a, b], ['b', 'a'], null)).toEqual({ images: ['b', 'a'] });
    expect(imageChanges([a, b], ['a', 'b', 'c'], null)).toEqual({ images: ['a', 'b', 'c'] });
    expect(imageChanges([a, b, c], ['a', 'c'], null)).toEqual({ images: ['a', 'c'] });
    expect(imageChanges([a], [], null)).toEqual({ images: [] });
  });

  it('sends nothing when they are as they were, and the URL when the list was emptied for it', () => {
    expect(imageChanges([a, b], ['a', 'b'], null)).toEqual({});
    expect(imageChanges([], [], null)).toEqual({});
    expect(imageChanges([a], [], 'https://example.com/diya.jpg')).toEqual({ imageUrl: 'https://example.com/diya.jpg' });
  });
});
