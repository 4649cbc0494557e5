/**
 * The tables of the accidents module that other modules may join or reference (decision 029; read-only, writes
 * go through the module).
 */

export { accidentStaffSnapshotLines, accidentStaffSnapshots } from './accident-staff.table.ts';
export {
  accidentInjuryCategories,
  accidentReportFirstAiders,
  accidentReportInjuries,
  accidentReports,
  accidentReportWitnesses,
  firstAidEntries,
} from './accidents.table.ts';
