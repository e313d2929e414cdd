import type { FastifyPluginAsync } from 'fastify';
import { compiledResources, type EngineResource, registerResource } from '../../engine';
import { RESOURCE_HOOKS } from './hooks';

/** The engine routes of every declared resource (shared/contracts/src/resources), with their hooks. */
const masterDataRoutes: FastifyPluginAsync = async (app) => {
  const resources: EngineResource[] = [...compiledResources().values()].map((compiled) => {
    const hooks = RESOURCE_HOOKS[compiled.decl.name];
    return hooks ? { compiled, hooks } : { compiled };
  });
  for (const r of resources) registerResource(app, r);
};

export default masterDataRoutes;
