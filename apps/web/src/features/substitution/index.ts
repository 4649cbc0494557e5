/** The substitution feature's public face for other features (decision 029). */
export { SubstanceRegisterPanel } from './components/substance-register-panel.tsx';
