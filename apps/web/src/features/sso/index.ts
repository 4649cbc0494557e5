/** The sso feature's public face for other features (decision 029). */
export { SsoSignIn } from './components/sso-sign-in.tsx';
