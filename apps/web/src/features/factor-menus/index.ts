/** The factor-menus feature's public face for other features (decision 029). */
export { FACTOR_MENU_PICKER_SOURCE } from './api/factor-menu-sources.ts';
export { useFactorMenu } from './api/get-factor-menu.ts';
