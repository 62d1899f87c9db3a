/** What other features may use of the account feature (docs/architecture.md#what-each-folder-may-import). */
export { NAME_MAX, validateNames } from './accountFields';
export { loginPathFor } from './nextPath';
export { displayName, parseProfile, ROLES, type Profile, type Role } from './profile';
export { SignOutButton } from './SignOutButton';
