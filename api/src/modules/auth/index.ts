/** Sign-in, password and contact changes, and the signed-in person's own account (me/). */
export { default as meRoutes } from './me/routes';
export { default as authRoutes } from './routes';
