/**
 * The staff pages' paths (issue 35, decisions 067–069), apart from lib/paths.ts: that module is in
 * every first page's code, and these are only for the few who moderate (the landing page's
 * budget, DESIGN.md §6). The router spells the same routes out.
 */
export const staffPaths = {
  moderation: '/moderation',
  moderationCase: (caseId: string) => `/moderation/cases/${caseId}`,
  /** Strikes their authors appealed (issue 35 item 3). */
  moderationAppeals: '/moderation/appeals',
  /** Requests to be verified as an organisation (decision 069). */
  moderationOrganisations: '/moderation/organisations',
  adminStaff: '/moderation/staff',
  adminAudit: '/moderation/audit',
  /** Watched words and link domains (decision 072). */
  adminWatched: '/moderation/watched',
  /** Blocked and limited remote servers (decision 088). */
  adminServers: '/moderation/servers',
  /**
   * The other side of moderation, everyone's own (issue 35): my strikes, what they did, and my
   * appeals. Here for the same budget: paths.ts had no byte left for it.
   */
  accountStanding: '/settings/standing',
};
