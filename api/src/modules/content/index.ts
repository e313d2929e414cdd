/** Staff-edited content and configs, information pages, notifications to parents, and document formats. */

export { type RenderContext, schoolDocument, schoolFormat } from './formats/document-formats';
export { default as documentFormatRoutes } from './formats/routes';
export { readContentImage } from './images';
export { default as infoRoutes } from './info/routes';
export { kickDelivery, writeOutbox } from './notifications/outbox';
export { default as notificationRoutes } from './notifications/routes';
export { queueSeatMessages } from './notifications/seat-messages';
export { saveTemplate } from './notifications/templates';
export {
  DEFAULT_TEMPLATES,
  loadTemplate,
  renderInSql,
  savedTemplates,
} from './notifications/tenant-templates';
export { default as contentRoutes } from './routes';
