/** Reports, the journal and its exports, and the staff dashboard's figures. */
export { default as dashboardRoutes } from './dashboard/routes';
export { default as reportRoutes } from './routes';
