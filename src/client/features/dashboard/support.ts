/** The support chat (opened in a new tab from the floating support menu). */
export const SUPPORT_URL = 'https://wa.me/5511999999999';
