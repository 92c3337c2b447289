import { describe, expect, it } from 'vitest';
import { badgeOf } from '../../../../domain/provenance/badges.ts';
import { inLanguage } from '../../i18n/catalogs.fixtures.ts';
import { domainText } from '../../i18n/domain-text.ts';

describe('provenance in Hindi, as the product and provenance pages show it', () => {
  inLanguage('hi');

  it("reads a badge and what it certifies, the GI's own name kept", () => {
    const gi = badgeOf({
      kind: 'gi-authorised-user',
      title: 'Banarasi Brocades and Sarees',
      scope: { kind: 'seller' },
    });
    expect(domainText(gi.title)).toBe('जीआई: Banarasi Brocades and Sarees');
    expect(domainText(gi.certifies)).toBe(
      'विक्रेता इस जीआई का पंजीकृत अधिकृत उपयोगकर्ता है। यह हर एक सामान को प्रमाणित नहीं करता।',
    );
    const lot = badgeOf({ kind: 'silk-mark', title: '', scope: { kind: 'lot', productId: 'p-1', lot: 'L-42' } });
    expect([domainText(lot.title), domainText(lot.certifies)]).toEqual(['सिल्क मार्क', 'लॉट L-42 के सामान इसके दायरे में हैं।']);
  });

  it("reads the record's history, names and numbers as written", () => {
    expect(domainText('Origin stated: handloom, by Asha Devi and Ravi Kumar')).toBe(
      'मूल स्थान बताया गया: हथकरघा, Asha Devi and Ravi Kumar द्वारा',
    );
    expect(domainText('Silk Mark certificate verified by Meera Iyer')).toBe(
      'सिल्क मार्क प्रमाणपत्र Meera Iyer ने सत्यापित किया',
    );
    expect(domainText('GI: Banarasi Brocades and Sarees certificate expired')).toBe(
      'जीआई: Banarasi Brocades and Sarees प्रमाणपत्र की अवधि ख़त्म हो गई',
    );
  });
});
