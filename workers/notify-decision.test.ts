import { describe, expect, it } from 'vitest';
import { decisionNotice } from '../domain/notification/decisions.ts';
import { decisionMail } from './notify-decision.ts';

const rejected = decisionNotice({
  eventId: 'e-1',
  type: 'ProductRejected',
  sellerId: 'seller-1',
  product: { productId: 'p-1', name: 'Banarasi Silk Saree' },
  reason: 'The photos are blurred',
  at: '2026-03-05T11:00:00.000Z',
});

describe('the mail of an admin decision', () => {
  it('reads the recorded English notice in Hindi to a seller who chose Hindi, the reason as written', () => {
    expect(decisionMail('Meera Weaves', rejected, 'hi')).toEqual({
      subject: 'उत्पाद अस्वीकृत: Banarasi Silk Saree',
      text: [
        'नमस्ते Meera Weaves,',
        '',
        'उत्पाद अस्वीकृत: Banarasi Silk Saree',
        '',
        'कारण: The photos are blurred',
        'उत्पाद में बदलाव करके उसे फिर से जाँच के लिए भेजें।',
        '',
        'MIBI पर आपका विक्रेता डैशबोर्ड आपके उत्पादों की अभी की स्थिति दिखाता है।',
        '',
      ].join('\n'),
    });
  });

  it('stays in English word for word for a seller who chose English or nothing', () => {
    const english = {
      subject: 'Product rejected: Banarasi Silk Saree',
      text:
        'Hello Meera Weaves,\n\nProduct rejected: Banarasi Silk Saree\n\nReason: The photos are blurred\n' +
        'Edit the product to send it for review again.\n\nYour seller dashboard on MIBI shows your products as they stand now.\n',
    };
    expect(decisionMail('Meera Weaves', rejected, 'en')).toEqual(english);
    expect(decisionMail('Meera Weaves', rejected, null)).toEqual(english);
  });
});
