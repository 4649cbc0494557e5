/** The questionnaires feature's public face for other features (decision 029, decision 058). */
export { QuestionnaireRouteSection } from './components/route-section.tsx';
