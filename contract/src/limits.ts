// Business constants from the product specification (section 9). One home for every number the
// server and the web client must agree on.

export const API_ROOT = '/api/v1';
export const PRODUCT_NAME = 'Muster';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PAGE_SIZE = 20;
export const MOBILE_BREAKPOINT_PX = 768;
export const POLL_INTERVAL_MS = 30_000;
export const AUTH_USER_STALE_MS = 5 * 60_000;
export const BADGE_MAX = 9;
export const NOTIFICATION_PREVIEW_CHARS = 60;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MAP_SEARCH_DEBOUNCE_MS = 500;
export const MAP_SEARCH_MIN_CHARS = 2;
export const MAP_SEARCH_MAX_RESULTS = 5;
export const TOAST_LIMIT = 20;
export const TOAST_ERROR_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const VERIFY_REDIRECT_MS = 2000;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

// Contact form field limits (not in the spec; chosen so one message fits comfortably in a mail).
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;

// Issue 34: at most this many people are told of one post or comment that mentions them.
export const MENTIONS_PER_TEXT = 10;
