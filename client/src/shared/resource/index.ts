// The client's resource kit (issue 12 item 5): a list page and a form from a contract descriptor.
export { resourceApi, resourceKeys, useAccess, useResourceList } from './api';
export { ResourceForm, type CustomInputProps, type ResourceField } from './ResourceForm';
export { ResourcePage, ActiveChip, activeColumn, type ResourcePageProps } from './ResourcePage';
