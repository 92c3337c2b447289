/** What other features use of help requests: the buyer's Get help, the seller's help request, and for the admins' Disputes its steps. */
export { GetHelp } from './GetHelp.tsx';
export { SellerHelp } from './SellerHelp.tsx';
export { HelpSteps } from './HelpSteps.tsx';
export { paiseOf, reasonLabel } from './helpRequests.ts';
