/** List sources of the hazard brick module (list protocol, spec shell §7). */
export const HAZARD_BRICK_LIST_SOURCE = 'hazardbricks';
export const HAZARD_BRICK_PICKER_SOURCES = {
  default: 'hazardbrick/picker',
  free: 'hazardbrick/pickerFree',
  all: 'hazardbrick/pickerAll',
} as const;
export type HazardBrickPickerVariant = keyof typeof HAZARD_BRICK_PICKER_SOURCES;
export const HAZARD_BRICK_ACTION_PICKER_SOURCE = 'hazardbrickaction/picker';
