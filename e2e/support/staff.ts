/**
 * The first admin that global-setup's ADMIN_USERNAMES names by address (decision 067): the account
 * with this address becomes an admin as its address is verified. Only tests/admin-roles.spec.ts
 * signs up with it.
 */
export const FIRST_ADMIN_USERNAME = 'e2e_first_admin';
export const FIRST_ADMIN_EMAIL = 'first.admin@example.org';
