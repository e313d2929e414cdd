/** `@psb/api-client/auth`: what the shell itself calls (logout); sign-in screens own their calls. */
export { logout } from '../endpoints/auth';
