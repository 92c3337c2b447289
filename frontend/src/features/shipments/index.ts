export { ShipmentControls } from './ShipmentControls.tsx';
export { ShipmentTimeline } from './ShipmentTimeline.tsx';
export { TrackingFields, parseTracking } from './TrackingFields.tsx';
export { TRACKING_UPDATE_NAMES } from './updateLabels.ts';
