/** The works-doctor feature's public face for other features (decision 029, decision 063). */

export { CheckupRecordDialog } from './checkup-record-dialog.tsx';
export { WorksDoctorContactCard } from './works-doctor-contact-card.tsx';
