/** Spec §9: toasts on the collaboration pages last 3000 ms, at the top centre. */
export const COLLAB_TOAST_MS = 3000;
