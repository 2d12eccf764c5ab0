// The resource kit (issue 12 item 5): a definition → a controller with paged lists and audited writes.
export {
  defineServerResource,
  sqlNormalized,
  type ResourceDefinition,
  type ResourceContext,
  type Bind,
} from './resource-definition';
export { resourceController, resourceModule } from './resource.controller';
export { ChangeResource, ChangeResourceHandler } from './resource.commands';
export { ResourceQueries } from './resource.queries';
export { noParentCycle } from './tree';
