/** Staff-edited content and configs, information pages, notifications to parents, and document formats. */
export { default as documentFormatRoutes } from './formats/routes';
export { default as infoRoutes } from './info/routes';
export { default as notificationRoutes } from './notifications/routes';
export { default as contentRoutes } from './routes';
