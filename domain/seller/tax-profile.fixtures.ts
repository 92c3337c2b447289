/** Tax profiles for tests: a registered seller in Karnataka and an unregistered one in Kerala, as the form sends them and as events keep them. */
import type { TaxProfile } from './events.ts';

/** The form of a registered seller; the GSTIN is made up (ABCDE1234F is the PAN of the documentation) with a valid check character. */
export const REGISTERED_FORM = {
  registered: true,
  legalName: 'Meera Handlooms Private Limited',
  tradeName: 'Meera Weaves',
  gstin: '29ABCDE1234F1ZW',
  pan: 'ABCDE1234F',
  enrolmentNumber: '',
  address: '12 Chickpet Main Road',
  city: 'Bengaluru',
  stateCode: '29',
  pincode: '560053',
};

export const REGISTERED: TaxProfile = {
  registered: true,
  gstin: '29ABCDE1234F1ZW',
  legalName: 'Meera Handlooms Private Limited',
  tradeName: 'Meera Weaves',
  pan: 'ABCDE1234F',
  address: { address: '12 Chickpet Main Road', city: 'Bengaluru', pincode: '560053' },
  stateCode: '29',
};

export const UNREGISTERED_FORM = {
  registered: false,
  legalName: 'Lakshmi Nair',
  tradeName: '',
  gstin: '',
  pan: 'AMNPN4321K',
  enrolmentNumber: 'EN3212345678901',
  address: 'Kumily Road',
  city: 'Idukki',
  stateCode: '32',
  pincode: '685509',
};

export const UNREGISTERED: TaxProfile = {
  registered: false,
  enrolmentNumber: 'EN3212345678901',
  legalName: 'Lakshmi Nair',
  tradeName: null,
  pan: 'AMNPN4321K',
  address: { address: 'Kumily Road', city: 'Idukki', pincode: '685509' },
  stateCode: '32',
};
