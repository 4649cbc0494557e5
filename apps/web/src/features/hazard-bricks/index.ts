/** The hazard-bricks feature's public face for other features (decision 029). */
export { HazardBrickActionPickerDialog } from './components/hazard-brick-action-picker-dialog.tsx';
export { HazardBrickPickerDialog } from './components/hazard-brick-picker-dialog.tsx';
