import type { ComponentType } from 'react';

/** The test card screens (publish, bulk print per session), by page. None is routed yet. */
export const cardPages: Record<string, ComponentType> = {};
