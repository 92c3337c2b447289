import { msg } from '@lingui/core/macro';
import { type Paise, formatInrThousands } from '../../../../domain/money.ts';
import { i18n } from '../../i18n/i18n.ts';

/** The Inventory Value's ₹12.5K (and the revenue axis's), its K in the language on screen: ₹12.5 हज़ार in Hindi. */
export function inrThousands(paise: Paise): string {
  const text = formatInrThousands(paise);
  if (!text.endsWith('K')) return text;
  const amount = text.slice(0, -1);
  return i18n._(msg`${amount}K`);
}
