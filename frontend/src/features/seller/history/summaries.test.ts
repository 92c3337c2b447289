import { describe, expect, it } from 'vitest';
import type { ProductEvent } from '../../../../../domain/product/events.ts';
import { describeProductEvents, describeReviewEvent } from '../../../../../domain/product/history.ts';
import { AT } from '../../../../../domain/testing.ts';
import { inLanguage } from '../../../i18n/catalogs.fixtures.ts';
import { domainText } from '../../../i18n/domain-text.ts';

/** The history's summaries as the seller's page shows them (HistoryEntryItem), with the catalogs the SPA loads. */
const shown = (events: ProductEvent[]) =>
  describeProductEvents(events, { category: () => 'Textiles' }).map(({ description }) =>
    domainText(description.summary),
  );

const productId = 'p-1';
const orderId = 'abcd1234-5678-4000-8000-000000000000';
const listed: ProductEvent = {
  type: 'ProductListed',
  data: {
    productId,
    sellerId: 'seller-1',
    name: 'Banarasi Silk Saree',
    description: 'Handwoven pure silk saree with zari work.',
    pricePaise: 1_250_000,
    originalPricePaise: null,
    categoryId: 'textiles',
    imageUrl: null,
    tags: ['silk'],
    stockQuantity: 5,
    listedAt: AT,
  },
};
const moves: ProductEvent[] = [
  { type: 'StockReserved', data: { productId, orderId, quantity: 2, remaining: 3, at: AT } },
  { type: 'StockReleased', data: { productId, orderId, quantity: 2, remaining: 5, reason: 'order_cancelled', at: AT } },
  { type: 'ProductRejected', data: { productId, by: 'admin-1', at: AT, reason: 'Blurry photos' } },
];

describe("a product's history in Hindi", () => {
  inLanguage('hi');

  it('reads every summary shown on its own in Hindi, values kept and the reviewer’s words as written', () => {
    expect(shown([listed, ...moves])).toEqual([
      'कपड़े में ₹12,500.00 पर लिस्ट किया गया, स्टॉक में 5',
      'ऑर्डर #abcd1234 के लिए 2 रिज़र्व',
      '2 वापस स्टॉक में: ऑर्डर #abcd1234 रद्द हुआ',
      'अस्वीकृत: Blurry photos',
    ]);
  });

  it('reads an imported listing and a review', () => {
    const imported = { ...listed, data: { ...listed.data, imported: { importId: 'i-1', row: 2 } } } as ProductEvent;
    expect(shown([imported])).toEqual(['इम्पोर्ट से: कपड़े में ₹12,500.00 पर लिस्ट किया गया, स्टॉक में 5']);
    const review = describeReviewEvent(
      {
        type: 'ReviewSubmitted',
        data: { productId, buyerId: 'b-1', authorName: 'Asha Rao', rating: 4, comment: 'Lovely', at: AT },
      },
      'Asha Rao',
    );
    expect(domainText(review.summary)).toBe('Asha Rao से समीक्षा मिली: 5 में से 4 रेटिंग');
  });

  it('reads what an edit or a restore answers, field by field', () => {
    const waiting =
      "Changes to the name and tags wait for an admin's review; until then buyers see the product as it was approved.";
    expect(domainText(`Restored as a new edit. ${waiting} Your other changes are saved.`)).toBe(
      'नए बदलाव के रूप में वापस लाया गया। नाम और टैग में बदलाव एडमिन की समीक्षा का इंतज़ार कर रहे हैं; तब तक खरीदारों को उत्पाद वैसा ही दिखेगा जैसा स्वीकृत हुआ था। आपके बाक़ी बदलाव सेव हो गए हैं।',
    );
  });
});
