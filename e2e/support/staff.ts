/**
 * The account global-setup's ADMIN_USERNAMES names (decision 067): it becomes an admin as it signs
 * up. Only tests/admin-roles.spec.ts signs up with it.
 */
export const FIRST_ADMIN_USERNAME = 'e2e_first_admin';
