/** The instruction run-through feature's public face for other features (decision 029). */
export { CertificateButton } from './components/certificate-button.tsx';

/** The run page of an assignment. */
export const runPath = (assignmentId: number) => `/instructions/mine/${assignmentId}/run`;
