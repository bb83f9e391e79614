export { WriteForMePanel, type BiographyDraftSelection } from './write-for-me-panel';
export { TargetMeter } from './target-meter';
export { useBiographyTargets } from './api';
