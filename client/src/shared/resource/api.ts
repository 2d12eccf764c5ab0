import type { ResourceAccess, ResourceDescriptor } from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { http, type Query } from '../api/http';
import { sessionUserState } from '../state';
import { useCan } from '../state/useCan';

type AnyDescriptor = ResourceDescriptor<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The calls of a resource, at the path its contract names. */
export function resourceApi<Row, C extends object, U extends object>(
  r: ResourceDescriptor<Row, C, U>,
) {
  return {
    list: (query: Query) => http.list<Row>(r.path, query),
    get: (id: string) => http.get<Row>(`${r.path}/${id}`),
    create: (body: C) => http.post<Row>(r.path, body),
    update: (id: string, body: U) => http.patch<Row>(`${r.path}/${id}`, body),
    remove: (id: string) => http.delete<void>(`${r.path}/${id}`),
  };
}

/** react-query keys: everything of a resource starts with its path. */
export const resourceKeys = {
  all: (r: AnyDescriptor) => ['resource', r.path] as const,
  list: (r: AnyDescriptor, query: Query) => ['resource', r.path, 'list', query] as const,
};

/** A page of a resource's list (the previous page stays shown while the next loads). */
export function useResourceList<Row>(
  r: ResourceDescriptor<Row, object, object>,
  query: Query,
  enabled = true,
) {
  return useQuery({
    queryKey: resourceKeys.list(r, query),
    queryFn: () => resourceApi(r).list(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Whether the signed-in user passes a resource's access rule: display only, the server checks every call. */
export function useAccess(): (rule: ResourceAccess | false | undefined) => boolean {
  const user = useAtomValue(sessionUserState);
  const can = useCan();
  return useCallback(
    (rule) => {
      if (!rule || !user) return false;
      if (rule === 'session') return true;
      if (rule === 'admin') return user.isAdmin === true;
      return can(...rule);
    },
    [user, can],
  );
}
