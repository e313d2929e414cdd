/** The app's OpenAPI document, built exactly as the server builds it but without a database or a socket. */
import { withOfflineApp } from './offline-app';

export const openApiDocument = (): Promise<unknown> => withOfflineApp((app) => app.swagger());
