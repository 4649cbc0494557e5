/** The actions feature's public face for other features (decision 029). */
export { ActionsPanel } from './components/actions-panel.tsx';
