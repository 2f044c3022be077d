/**
 * Query keys that one feature reads and another's writes refresh. A web feature never imports
 * another (decision 007), so such a key is written here once: its owner builds its own factory on
 * it, and the other feature names it instead of retyping the owner's array (decision 057).
 */
export const sharedKeys = {
  /**
   * Every list of hashtags: trending and the full list (the hashtags feature), followed and used
   * before (posts). A new post may change any of them.
   */
  hashtags: ['hashtags'] as const,
  /** Every profile page (the profile feature): my name or picture changed (settings). */
  profiles: ['profile'] as const,
  /** The composer's mission pickers (posts): a mission of mine began, ended, or I left it (missions). */
  missionPickers: ['posts', 'missions'] as const,
  /** Whether this tab knows I offered on a post: marked by posts, forgotten by offers (offered-marks.ts). */
  offered: (postId: string) => ['offered-marks', postId] as const,
};
