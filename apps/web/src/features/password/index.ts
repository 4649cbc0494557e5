/** The password feature's public face for other features (decision 029). */
export { FirstLoginDialog } from './components/first-login-dialog.tsx';
export { PasswordPolicyBox } from './components/password-policy-box.tsx';
