/** The checklists feature's public face for other features (decision 029; decision 067). */
export { useInstanceApproval } from './api/workflow.ts';
export { ElementInput } from './components/elements/element-input.tsx';
export { RightsEditor } from './components/rights-editor.tsx';
