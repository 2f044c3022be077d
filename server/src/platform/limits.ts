/** JSON bodies are small by default; routes that take uploads (as data URLs) raise their own. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;
