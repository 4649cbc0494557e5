/** The SCORM feature's public face for other features (decision 068). */
export { TopicScorm } from './components/topic-scorm.tsx';

/** The SCORM player page of an assignment. */
export const scormPath = (assignmentId: number) => `/instructions/mine/${assignmentId}/scorm`;
