/** The POS version the web app shows (spec section 9). */
export const POS_VERSION = '18720';
export const SERVER_VERSION = '1.0.0';
