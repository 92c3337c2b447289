export { ShipmentControls } from './ShipmentControls.tsx';
export { ShipmentTimeline } from './ShipmentTimeline.tsx';
export { ShipDialog } from './ShipDialog.tsx';
