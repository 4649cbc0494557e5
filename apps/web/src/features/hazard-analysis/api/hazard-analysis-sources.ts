/** List sources (list protocol, spec shell §7). */
export const HAZARD_ANALYSIS_LIST_SOURCE = 'hazardanalysis';
export const HAZARD_ANALYSIS_DRAFT_LIST_SOURCE = 'hazardanalysis/drafts';
export const HAZARD_ANALYSIS_DRAFT_PICKER_SOURCE = 'hazardanalysis/pickerDraft';
